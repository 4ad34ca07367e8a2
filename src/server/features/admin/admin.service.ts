import type { OutboxList } from "@shared/schemas/admin";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/errors";
import type { AccountService } from "../account/account.service";
import type { Actor, AppLogFilter, AuditLogFilter, LogService } from "../logs/logs.service";
import type { Mailer } from "../mail/mail.service";
import { countStats } from "./admin.queries";

/** What administrators read and do across members: statistics, logs, the outbox, unlocking accounts. */
export function createAdminService(deps: { db: Db; logs: LogService; mailer: Mailer; accounts: AccountService }) {
  const { db, logs, mailer, accounts } = deps;
  return {
    stats() {
      const now = new Date();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
      return countStats(db, { monthStart, dayAgo });
    },

    appLogs: (filter: AppLogFilter) => logs.listApp(filter),
    auditLogs: (filter: AuditLogFilter) => logs.listAudit(filter),

    /** The mail kept instead of sent when no SMTP server is configured (newest first). */
    async outbox(limit: number): Promise<OutboxList> {
      const rows = await mailer.outbox(limit);
      return {
        kind: mailer.kind,
        mails: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },

    /** Lift every sign-in pause on a member's account; audited. */
    async unlockUser(userId: string, actor: Actor): Promise<{ unlocked: number }> {
      const member = await accounts.getSessionUser(userId);
      if (!member) throw notFound("User not found");
      const unlocked = await accounts.lockout.clear(member.email);
      await logs.audit({
        ...actor,
        action: "user.unlock",
        tableName: "login_attempts",
        recordId: userId,
        newValues: { email: member.email, pausesLifted: unlocked },
      });
      return { unlocked };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
