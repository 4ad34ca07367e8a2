import type { Auth } from "../../auth/auth";
import type { Config } from "../../config";
import { DEMO_ACCOUNTS } from "../../config";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { findUserByEmail } from "./account.queries";

/**
 * The built-in administrator (from ADMIN_EMAIL / ADMIN_PASSWORD) and, in embedded mode, the demo
 * accounts. Passwords are set only when an account is created: a password changed later through
 * the application is never reset by a restart. Administrator rights come from the role alone: an
 * account the server finds under ADMIN_EMAIL without that role (someone registered the address
 * first, or an administrator removed the role) is never promoted here.
 */
export interface AccountSeedDeps {
  auth: Auth;
  db: Db;
  logger: Logger;
}

export async function seedAccounts(services: AccountSeedDeps, config: Config) {
  const { auth, db, logger } = services;
  const ensure = async (email: string, password: string, name: string, role: "user" | "admin") => {
    const existing = await findUserByEmail(db, email);
    if (existing) return existing;
    // Seeded accounts are vouched for: they never wait for a verification link.
    const created = await auth.api.createUser({ body: { email, password, name, role, data: { emailVerified: true } } });
    logger.info({ email, role }, "account created");
    return created.user;
  };

  const existingAdmin = await findUserByEmail(db, config.admin.email);
  if (existingAdmin) {
    if (existingAdmin.role !== "admin") {
      logger.warn(
        { email: config.admin.email },
        "An account with ADMIN_EMAIL exists without the administrator role and was not promoted. To make it an administrator, have an existing administrator grant Admin Access in the admin dashboard, or choose another ADMIN_EMAIL for the built-in administrator.",
      );
    }
  } else if (config.admin.password) {
    await ensure(config.admin.email, config.admin.password, "Admin User", "admin");
  } else {
    logger.warn(
      { email: config.admin.email },
      "ADMIN_PASSWORD is not set: the built-in administrator account was not created",
    );
  }

  const demo: Record<string, string> = {};
  if (config.demoAccounts) {
    for (const account of DEMO_ACCOUNTS) {
      const name = account.plan === "premium" ? "Premium User" : "Demo User";
      demo[account.email] = (await ensure(account.email, account.password, name, "user")).id;
    }
  }
  return { demoUserIds: demo };
}
