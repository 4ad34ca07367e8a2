import { ERROR_CODES } from "@shared/api-error";
import { AUTH_TEXT } from "@shared/messages";
import type { SystemSettings } from "@shared/schemas/settings";
import { ApiError, tooManyRequests } from "../lib/errors";
import type { PasswordLockout, SignInPause } from "./auth";

/** The seconds a pause has left, and what the member is told. */
export function pauseRefusal(pause: SignInPause): { seconds: number; message: string } {
  const seconds = Math.max(1, Math.ceil((pause.until.getTime() - Date.now()) / 1000));
  return {
    seconds,
    message:
      pause.scope === "address" ? AUTH_TEXT.lockedOut(Math.ceil(seconds / 60)) : AUTH_TEXT.accountPaused(seconds),
  };
}

/**
 * A password LawGuide checks outside better-auth's own endpoints (deleting the account): it is
 * counted by the same lockout as a sign-in before it is checked, and by the same per-minute limit
 * from one address, so a session cannot guess without limit.
 */
export function createPasswordChecks(deps: {
  lockout: PasswordLockout;
  settings: { get(): Promise<SystemSettings> };
  usage: { hit(key: string, limit: number, windowSeconds: number): Promise<number | null> };
  perMinute: number;
}) {
  return {
    /**
     * Whether `check` found the member's password right. Refused with 429 (nothing checked) past
     * the per-minute limit or while the lockout pauses this address or the account.
     */
    async verify(email: string, client: string | null, check: () => Promise<boolean>): Promise<boolean> {
      const wait = await deps.usage.hit(`password-check:${client ?? "unknown"}`, deps.perMinute, 60);
      if (wait !== null) throw tooManyRequests(ERROR_CODES.rateLimited, AUTH_TEXT.tooManyRequests, wait);
      const { security } = await deps.settings.get();
      const pause = await deps.lockout.reserve(email, client, security.maxLoginAttempts);
      if (pause) {
        const { seconds, message } = pauseRefusal(pause);
        throw new ApiError(429, ERROR_CODES.accountLocked, message, undefined, { "Retry-After": String(seconds) });
      }
      let right = false;
      try {
        right = await check();
      } finally {
        await deps.lockout.settle(email, client, right ? "right" : "wrong", security.maxLoginAttempts);
      }
      return right;
    },
  };
}

export type PasswordChecks = ReturnType<typeof createPasswordChecks>;
