import { DEFAULT_PREFERENCES } from "@shared/constants";
import { ADMIN_TEXT, ADMIN_USERS_TEXT } from "@shared/messages";
import { entitledPlan, paidPlanOf } from "@shared/plans";
import { ADMIN_PAGE_SIZE } from "@shared/schemas/admin";
import type {
  AdminGrant,
  AdminUserCreate,
  AdminUserListQuery,
  AdminUserPage,
  AdminUserRow,
  AdminUserStats,
  AdminUserUpdate,
} from "@shared/schemas/admin-users";
import type { SubscriptionView } from "@shared/schemas/billing";
import { passwordLengthError } from "@shared/validation/auth-rules";
import type { Auth } from "../../../auth/auth";
import type { Db } from "../../../db/client";
import { conflict, forbidden, invalidInput, notFound } from "../../../lib/errors";
import type { AccountService } from "../../account/account.service";
import type { BillingService } from "../../billing/billing.service";
import type { Actor, LogService } from "../../logs/logs.service";
import type { ProfileService } from "../../profile/profile.service";
import type { SettingsService } from "../../settings/settings.service";
import {
  completeCreatedUser,
  countUsers,
  emailTaken,
  findUserRow,
  listUsers,
  type ProfileFields,
  type UserListRow,
  updateUserWithAudit,
} from "./admin-users.queries";

const PROFILE_KEYS = ["firstName", "lastName", "phone", "profession"] as const;

/**
 * The administrators' Users section (spec section 2 'Users', section 6 'Administrator'): list,
 * search and filter members; add a real account that signs in; edit it (Admin Access included);
 * delete it with everything it owns, as the member's own deletion does; unlock it; grant or take
 * back a plan. Every change is an audit row with the values before and after. An administrator
 * can neither delete their own account nor remove their own admin access.
 */
export function createAdminUsersService(deps: {
  db: Db;
  auth: Pick<Auth, "api">;
  accounts: Pick<AccountService, "getSessionUser" | "ensureProfile" | "lockout">;
  profile: Pick<ProfileService, "deleteAccount">;
  billing: Pick<BillingService, "grantPlan" | "revokeGrant">;
  settings: Pick<SettingsService, "get">;
  logs: Pick<LogService, "audit" | "auditRow">;
  builtInAdminEmail: string;
}) {
  const { db, auth, accounts, profile, billing, settings, logs, builtInAdminEmail } = deps;

  function toRow(row: UserListRow): AdminUserRow {
    const firstName = row.firstName ?? "";
    const lastName = row.lastName ?? "";
    const sub = row.subscription;
    return {
      id: row.id,
      name: `${firstName} ${lastName}`.trim(),
      firstName,
      lastName,
      email: row.email,
      phone: row.phone ?? "",
      profession: row.profession ?? "",
      isAdmin: row.role === "admin",
      isBuiltInAdmin: row.email === builtInAdminEmail,
      plan: entitledPlan(sub).plan,
      subscription: sub
        ? {
            planId: paidPlanOf(sub.plan),
            status: sub.status,
            source: sub.source,
            currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
            cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
            graceUntil: sub.graceUntil?.toISOString() ?? null,
          }
        : null,
      caseCount: row.caseCount,
      createdAt: row.createdAt.toISOString(),
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
      locked: row.locked,
    };
  }

  /** What an audit row records of a member (never a password). */
  function audited(row: AdminUserRow): Record<string, unknown> {
    return {
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      profession: row.profession,
      isAdmin: row.isAdmin,
    };
  }

  async function requireRow(userId: string): Promise<AdminUserRow> {
    const row = await findUserRow(db, userId);
    if (!row) throw notFound(ADMIN_USERS_TEXT.userNotFound);
    return toRow(row);
  }

  return {
    async list(query: AdminUserListQuery): Promise<AdminUserPage> {
      const { rows, total } = await listUsers(db, {
        q: query.q,
        filter: query.filter,
        limit: ADMIN_PAGE_SIZE,
        offset: (query.page - 1) * ADMIN_PAGE_SIZE,
      });
      return { users: rows.map(toRow), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
    },

    stats: (): Promise<AdminUserStats> => countUsers(db),

    /**
     * A real account, made by the account system as the seed makes accounts (its password hashed,
     * a credential to sign in with), with the profile the administrator typed. The password must
     * meet the minimum length of the settings; a taken e-mail is 409.
     */
    async create(input: AdminUserCreate, actor: Actor): Promise<AdminUserRow> {
      const { security } = await settings.get();
      const tooShort = passwordLengthError(input.password, security.passwordMinLength, false);
      if (tooShort) throw invalidInput(tooShort, { password: tooShort });
      if (await emailTaken(db, input.email)) {
        throw conflict(ADMIN_USERS_TEXT.emailTaken);
      }
      const fields: ProfileFields = {
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        profession: input.profession,
      };
      let userId: string;
      try {
        const created = await auth.api.createUser({
          body: {
            email: input.email,
            password: input.password,
            name: `${input.firstName} ${input.lastName}`.trim(),
            role: input.isAdmin ? "admin" : "user",
            // An administrator vouches for the address: no verification link is needed.
            data: { emailVerified: true },
          },
        });
        userId = created.user.id;
      } catch (error) {
        // Someone took the address between the check and the creation.
        if (await emailTaken(db, input.email)) throw conflict(ADMIN_USERS_TEXT.emailTaken);
        throw error;
      }
      await completeCreatedUser(
        db,
        userId,
        fields,
        { ...DEFAULT_PREFERENCES },
        logs.auditRow({
          ...actor,
          action: "user.create",
          tableName: "user",
          recordId: userId,
          newValues: { email: input.email, ...fields, isAdmin: input.isAdmin },
        }),
      );
      return requireRow(userId);
    },

    /**
     * Change the fields sent, merged into the member as they are. The role is read again on the
     * member's every request, so a change of Admin Access holds from their next click on.
     */
    async update(userId: string, input: AdminUserUpdate, actor: Actor): Promise<AdminUserRow> {
      const before = await requireRow(userId);
      if (input.isAdmin === false && before.isAdmin && userId === actor.userId) {
        throw forbidden(ADMIN_USERS_TEXT.cannotRemoveOwnAdmin);
      }
      const account: { email?: string; role?: string; name?: string } = {};
      const changedProfile: Partial<ProfileFields> = {};
      if (input.email !== undefined && input.email !== before.email) {
        if (before.isBuiltInAdmin) throw forbidden(ADMIN_USERS_TEXT.builtInAdminEmailFixed);
        if (await emailTaken(db, input.email, userId)) throw conflict(ADMIN_USERS_TEXT.emailTaken);
        account.email = input.email;
      }
      if (input.isAdmin !== undefined && input.isAdmin !== before.isAdmin) {
        account.role = input.isAdmin ? "admin" : "user";
      }
      for (const key of PROFILE_KEYS) {
        const value = input[key];
        if (value !== undefined && value !== before[key]) changedProfile[key] = value;
      }
      if (Object.keys(account).length === 0 && Object.keys(changedProfile).length === 0) return before;
      if (changedProfile.firstName !== undefined || changedProfile.lastName !== undefined) {
        account.name =
          `${changedProfile.firstName ?? before.firstName} ${changedProfile.lastName ?? before.lastName}`.trim();
      }
      // A member whose profile row went missing gets it back before it is edited.
      await accounts.ensureProfile(userId, { firstName: before.firstName, lastName: before.lastName });
      const oldValues: Record<string, unknown> = {};
      const newValues: Record<string, unknown> = {};
      const previous = audited(before);
      const next: Record<string, unknown> = {
        ...(account.email === undefined ? {} : { email: account.email }),
        ...(account.role === undefined ? {} : { isAdmin: account.role === "admin" }),
        ...changedProfile,
      };
      for (const [key, value] of Object.entries(next)) {
        oldValues[key] = previous[key];
        newValues[key] = value;
      }
      const saved = await updateUserWithAudit(
        db,
        userId,
        { account, profile: changedProfile },
        logs.auditRow({
          ...actor,
          action: "user.update",
          tableName: "user",
          recordId: userId,
          // The member's address names them in the activity feed: on both sides when it did not
          // change, so that the row shows it unchanged rather than removed.
          oldValues: { email: before.email, ...oldValues },
          newValues: { email: before.email, ...newValues },
        }),
      );
      if (!saved) throw conflict(ADMIN_USERS_TEXT.emailTaken);
      return requireRow(userId);
    },

    /**
     * Remove the member and everything of theirs (cases, messages, documents and their files,
     * sessions, subscription...), through the very code of the member's own deletion.
     */
    async remove(userId: string, actor: Actor): Promise<{ deleted: true }> {
      if (userId === actor.userId) throw forbidden(ADMIN_TEXT.cannotDeleteSelf);
      const before = await requireRow(userId);
      const member = await accounts.getSessionUser(userId);
      if (!member) throw notFound(ADMIN_USERS_TEXT.userNotFound);
      const deleted = await profile.deleteAccount(member, actor, {
        action: "user.delete",
        oldValues: {
          ...audited(before),
          plan: before.plan,
          caseCount: before.caseCount,
          createdAt: before.createdAt,
        },
      });
      // Deleted a moment ago by another request (another administrator, or the member).
      if (!deleted) throw notFound(ADMIN_USERS_TEXT.userNotFound);
      return { deleted: true };
    },

    /** Lift every sign-in pause on a member's account; audited. */
    async unlock(userId: string, actor: Actor): Promise<{ unlocked: number }> {
      const member = await requireRow(userId);
      const unlocked = await accounts.lockout.clear(member.email);
      await logs.audit({
        ...actor,
        action: "user.unlock",
        tableName: "login_attempts",
        recordId: userId,
        oldValues: { email: member.email, locked: member.locked },
        newValues: { email: member.email, locked: false, pausesLifted: unlocked },
      });
      return { unlocked };
    },

    /** Grant Basic or Premium Solutions for a number of days (the billing rules decide; audited there). */
    async grant(
      userId: string,
      grant: AdminGrant,
      actor: Actor,
    ): Promise<{ user: AdminUserRow; subscription: SubscriptionView }> {
      await requireRow(userId);
      const subscription = await billing.grantPlan(userId, grant, actor);
      return { user: await requireRow(userId), subscription };
    },

    /** Take back a plan an administrator granted (audited by the billing rules). */
    async revokeGrant(userId: string, actor: Actor): Promise<{ user: AdminUserRow; subscription: SubscriptionView }> {
      await requireRow(userId);
      const subscription = await billing.revokeGrant(userId, actor);
      return { user: await requireRow(userId), subscription };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
