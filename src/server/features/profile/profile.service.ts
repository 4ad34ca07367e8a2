import { ERROR_CODES } from "@shared/api-error";
import { ADMIN_TEXT, PROFILE_TEXT } from "@shared/messages";
import type { SubscriptionView } from "@shared/schemas/billing";
import { DATA_EXPORT, type ProfileStats, type ProfileUpdate } from "@shared/schemas/profile";
import type { Preferences, SessionUser } from "@shared/session";
import type { Db } from "../../db/client";
import { ApiError, conflict, forbidden, tooManyRequests } from "../../lib/errors";
import { describeFault, type Logger } from "../../lib/logger";
import type { AccountService } from "../account/account.service";
import type { BillingService } from "../billing/billing.service";
import type { Actor, LogService } from "../logs/logs.service";
import type { UploadsService } from "../uploads/uploads.service";
import type { UsageService } from "../usage/usage.service";
import { dataJson } from "./data-json";
import { exportArchive } from "./export-archive";
import { countStats, deleteUserWithAudit, updatePreferencesRow, updateProfileRow } from "./profile.queries";

/** The member's own account: details, preferences, figures, subscription, export and deletion. */
export function createProfileService(deps: {
  db: Db;
  accounts: AccountService;
  billing: Pick<BillingService, "subscriptionView">;
  logs: LogService;
  /** Uploaded files' bytes, streamed (for the export). */
  uploads: Pick<UploadsService, "download">;
  /** The export's hourly limit, counted in the database so every server process counts together. */
  usage: Pick<UsageService, "hit" | "peek">;
  logger: Logger;
  builtInAdminEmail: string;
}) {
  const { db, accounts, billing, logs, usage } = deps;
  /** Members whose export this process is sending (one at a time each). */
  const exporting = new Set<string>();
  const exportKey = (userId: string) => `data-export:${userId}`;

  const exportLimited = (seconds: number) =>
    tooManyRequests(ERROR_CODES.rateLimited, PROFILE_TEXT.exportLimited(DATA_EXPORT.perHour, seconds), seconds);

  /** An uploaded file's bytes, a piece at a time; nothing when it was deleted since it was listed. */
  async function* fileBytes(user: SessionUser, id: string, signal: AbortSignal): AsyncGenerator<Uint8Array> {
    let file: Awaited<ReturnType<typeof deps.uploads.download>>;
    try {
      file = await deps.uploads.download(user, id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return;
      throw error;
    }
    // The storage lets other requests in between pieces.
    for await (const piece of file.bytes) {
      if (signal.aborted) return;
      yield piece;
    }
  }

  async function sessionUser(userId: string): Promise<SessionUser> {
    const user = await accounts.getSessionUser(userId);
    if (!user) throw new ApiError(401, ERROR_CODES.unauthenticated, PROFILE_TEXT.updateFailed);
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

    /** The switches as sent; `compareAnswers` stays as it was when the request leaves it out. */
    async setPreferences(
      user: SessionUser,
      sent: Omit<Preferences, "compareAnswers"> & { compareAnswers?: Preferences["compareAnswers"] | undefined },
      actor: Actor,
    ): Promise<SessionUser> {
      const preferences: Preferences = {
        ...sent,
        compareAnswers: sent.compareAnswers ?? user.preferences.compareAnswers,
      };
      await updatePreferencesRow(db, user.id, preferences);
      await logs.app({
        ...actor,
        category: "user_action",
        message: "Preferences updated",
        metadata: { ...preferences },
      });
      return sessionUser(user.id);
    },

    /**
     * Whether an export would be given now, without starting or counting one (HEAD): throws what
     * `exportArchive` would (409 while one is being sent, 429 past the hourly limit).
     */
    async checkExport(user: SessionUser): Promise<void> {
      if (exporting.has(user.id)) throw conflict(PROFILE_TEXT.exportRunning);
      const wait = await usage.peek(exportKey(user.id), DATA_EXPORT.perHour, DATA_EXPORT.windowSeconds);
      if (wait !== null) throw exportLimited(wait);
    },

    /**
     * Everything we hold about the member as a ZIP streamed as it is written: `data.json` and the
     * uploaded files in `files/`. Counts one of the member's hourly exports; one at a time.
     * `signal` is the request's: when the member goes away nothing more is read.
     */
    async exportArchive(user: SessionUser, actor: Actor, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
      if (exporting.has(user.id)) throw conflict(PROFILE_TEXT.exportRunning);
      const wait = await usage.hit(exportKey(user.id), DATA_EXPORT.perHour, DATA_EXPORT.windowSeconds);
      if (wait !== null) throw exportLimited(wait);
      if (exporting.has(user.id)) throw conflict(PROFILE_TEXT.exportRunning);
      exporting.add(user.id);
      try {
        await logs.app({ ...actor, category: "user_action", message: "Data exported" });
      } catch (error) {
        exporting.delete(user.id);
        throw error;
      }
      return exportArchive({
        dataJson: (addFile, stop) => dataJson(db, user.id, addFile, stop),
        fileBytes: (id, stop) => fileBytes(user, id, stop),
        ...(signal ? { signal } : {}),
        onClose(outcome, error) {
          exporting.delete(user.id);
          if (outcome === "failed") deps.logger.error({ fault: describeFault(error) }, "data export failed");
        },
      });
    },

    /**
     * Remove the member and everything of theirs, files included. The built-in administrator stays.
     * An administrator's deletion passes its own audit action and the values it removes. False when
     * the member was already gone (deleted at the same moment by another request): nothing is done.
     */
    async deleteAccount(
      user: SessionUser,
      actor: Actor,
      audit: { action: string; oldValues: Record<string, unknown> } = {
        action: "account.delete",
        oldValues: { email: user.email },
      },
    ): Promise<boolean> {
      if (user.email === deps.builtInAdminEmail) throw forbidden(ADMIN_TEXT.builtInAdminProtected);
      const deleted = await deleteUserWithAudit(
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
      return deleted;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
