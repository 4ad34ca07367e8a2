import { ADMIN_TEXT, PROFILE_TEXT } from "@shared/messages";
import type { SubscriptionView } from "@shared/schemas/billing";
import type { ProfileStats, ProfileUpdate } from "@shared/schemas/profile";
import type { Preferences, SessionUser } from "@shared/session";
import type { Db } from "../../db/client";
import { ApiError, forbidden } from "../../lib/errors";
import type { Storage } from "../../lib/storage";
import type { AccountService } from "../account/account.service";
import type { BillingService } from "../billing/billing.service";
import type { Actor, LogService } from "../logs/logs.service";
import {
  countStats,
  deleteUserWithAudit,
  exportRows,
  storageKeysOf,
  updatePreferencesRow,
  updateProfileRow,
} from "./profile.queries";

/** The member's own account: details, preferences, figures, subscription, export and deletion. */
export function createProfileService(deps: {
  db: Db;
  accounts: AccountService;
  billing: Pick<BillingService, "subscriptionView">;
  logs: LogService;
  storage: Storage;
  /** An uploaded file's bytes (for the export). */
  fileBytes: (id: string) => Promise<Buffer>;
  builtInAdminEmail: string;
}) {
  const { db, accounts, billing, logs, storage } = deps;

  /** Uploaded files carry their bytes, read one at a time. */
  async function withFiles<T extends { id: string; type: string }>(rows: T[]) {
    const out: Array<T & { file?: { encoding: "base64"; data: string } }> = [];
    for (const row of rows) {
      if (row.type !== "upload") out.push(row);
      else out.push({ ...row, file: { encoding: "base64", data: (await deps.fileBytes(row.id)).toString("base64") } });
    }
    return out;
  }

  async function sessionUser(userId: string): Promise<SessionUser> {
    const user = await accounts.getSessionUser(userId);
    if (!user) throw new ApiError(401, "UNAUTHENTICATED", PROFILE_TEXT.updateFailed);
    return user;
  }

  return {
    async overview(
      user: SessionUser,
    ): Promise<{ user: SessionUser; stats: ProfileStats; subscription: SubscriptionView | null }> {
      const [counts, subscription] = await Promise.all([countStats(db, user.id), billing.subscriptionView(user.id)]);
      return { user, stats: { ...counts, memberSince: user.createdAt }, subscription };
    },

    async update(user: SessionUser, values: ProfileUpdate, actor: Actor): Promise<SessionUser> {
      await updateProfileRow(db, user.id, values);
      await logs.app({ ...actor, category: "user_action", message: "Profile updated" });
      return sessionUser(user.id);
    },

    async setPreferences(user: SessionUser, preferences: Preferences, actor: Actor): Promise<SessionUser> {
      await updatePreferencesRow(db, user.id, preferences);
      await logs.app({
        ...actor,
        category: "user_action",
        message: "Preferences updated",
        metadata: { ...preferences },
      });
      return sessionUser(user.id);
    },

    /** Everything we hold about the member, as one JSON document (uploaded files' bytes in base64). */
    async export(user: SessionUser) {
      const rows = await exportRows(db, user.id);
      const messagesByCase = new Map<string, unknown[]>();
      for (const message of rows.messageRows) {
        const list = messagesByCase.get(message.caseId) ?? [];
        list.push(message);
        messagesByCase.set(message.caseId, list);
      }
      return {
        exportedAt: new Date().toISOString(),
        about:
          "All the data LawGuide holds about your account. Legal information, not legal advice. Questions: see the Privacy Policy.",
        account: rows.account,
        profile: rows.profile
          ? {
              firstName: rows.profile.firstName,
              lastName: rows.profile.lastName,
              phone: rows.profile.phone,
              address: rows.profile.address,
              profession: rows.profile.profession,
              lastSignInAt: rows.profile.lastSignInAt,
              createdAt: rows.profile.createdAt,
              updatedAt: rows.profile.updatedAt,
            }
          : null,
        preferences: rows.profile?.preferences ?? null,
        cases: rows.caseRows.map((c) => ({
          id: c.id,
          title: c.title,
          description: c.description,
          status: c.status,
          category: c.category,
          complexity: c.complexity,
          estimatedValue: c.estimatedValue,
          assignedAttorney: c.assignedAttorney,
          createdAt: c.createdAt,
          updatedAt: c.updatedAt,
          messages: messagesByCase.get(c.id) ?? [],
        })),
        documents: await withFiles(rows.documentRows),
        documentDrafts: rows.drafts.map((d) => ({
          templateId: d.templateId,
          answers: d.answers,
          step: d.step,
          updatedAt: d.updatedAt,
        })),
        referrals: rows.referralRows.map((r) => ({
          id: r.id,
          caseId: r.caseId,
          documentId: r.documentId,
          status: r.status,
          createdAt: r.createdAt,
        })),
        comparisons: rows.comparisons,
        subscription: rows.subscription
          ? {
              plan: rows.subscription.plan,
              status: rows.subscription.status,
              source: rows.subscription.source,
              priceId: rows.subscription.priceId,
              currentPeriodStart: rows.subscription.currentPeriodStart,
              currentPeriodEnd: rows.subscription.currentPeriodEnd,
              cancelAtPeriodEnd: rows.subscription.cancelAtPeriodEnd,
              paymentMethodBrand: rows.subscription.paymentMethodBrand,
              paymentMethodLast4: rows.subscription.paymentMethodLast4,
            }
          : null,
        signInHistory: rows.signIns,
      };
    },

    /**
     * Remove the member and everything of theirs, files included. The built-in administrator stays.
     * An administrator's deletion passes its own audit action and the values it removes.
     */
    async deleteAccount(
      user: SessionUser,
      actor: Actor,
      audit: { action: string; oldValues: Record<string, unknown> } = {
        action: "account.delete",
        oldValues: { email: user.email },
      },
    ): Promise<void> {
      if (user.email === deps.builtInAdminEmail) throw forbidden(ADMIN_TEXT.builtInAdminProtected);
      const keys = await storageKeysOf(db, user.id);
      await deleteUserWithAudit(
        db,
        user.id,
        logs.auditRow({
          ...actor,
          action: audit.action,
          tableName: "user",
          recordId: user.id,
          oldValues: audit.oldValues,
        }),
      );
      await storage.removeUserFiles(user.id, keys);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
