import { ERROR_CODES } from "@shared/api-error";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@shared/constants";
import { AUTH_TEXT, GENERIC_TEXT } from "@shared/messages";
import {
  backupCodeBodySchema,
  changePasswordBodySchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  type SignUpBody,
  sendVerificationBodySchema,
  signInBodySchema,
  signOutBodySchema,
  signUpBodySchema,
  totpCodeBodySchema,
  twoFactorPasswordBodySchema,
} from "@shared/schemas/auth";
import type { SystemSettings } from "@shared/schemas/settings";
import { splitName } from "@shared/session";
import { passwordLengthError } from "@shared/validation/auth-rules";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { betterAuth } from "better-auth/minimal";
import { admin } from "better-auth/plugins/admin";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins/two-factor";
import type { z } from "zod";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { account, rateLimit, session, twoFactor, user, verification } from "../db/schema";
import { describeFault, type Logger } from "../lib/logger";
import { releasingContext } from "./auth-context";
import { pauseRefusal } from "./password-checks";

/** Header carrying the client's address to better-auth (rate limits); set only by our server. */
export const CLIENT_IP_HEADER = "x-lawguide-client-ip";

/** The better-auth endpoints reachable over HTTP; every other one answers 404. */
export const PUBLIC_AUTH_ENDPOINTS = new Set([
  "POST /sign-in/email",
  "POST /sign-up/email",
  "POST /sign-out",
  "GET /get-session",
  "POST /request-password-reset",
  "POST /reset-password",
  "POST /change-password",
  "POST /send-verification-email",
  "GET /verify-email",
  "POST /two-factor/enable",
  "POST /two-factor/disable",
  "POST /two-factor/verify-totp",
  "POST /two-factor/verify-backup-code",
]);

/** The second step of a sign-in: a code, counted toward the lockout like a password. */
const SECOND_FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/** Where a verification link lands, told how it went (`?error=` when it did not work). */
export const VERIFY_EMAIL_PAGE = "/verify-email";

/** A verification link works for a day. */
const VERIFICATION_LINK_SECONDS = 24 * 3600;

/** A paused sign-in: `address` is this address locked out of the account, `account` its guess ceiling. */
export interface SignInPause {
  scope: "address" | "account";
  until: Date;
}

/**
 * The lockout every password and sign-in code check goes through (the account feature's): a check
 * is counted before it is made (`reserve`, refused with the pause in force), then settled by how
 * it went (`wrong` stays counted; `right` and `void` give it back).
 */
export interface PasswordLockout {
  check(email: string, client: string | null): Promise<SignInPause | null>;
  reserve(email: string, client: string | null, maxAttempts: number): Promise<SignInPause | null>;
  settle(
    email: string,
    client: string | null,
    outcome: "wrong" | "right" | "void",
    maxAttempts: number,
  ): Promise<SignInPause | null>;
  clear(email: string): Promise<number>;
}

/**
 * What the account system needs from LawGuide's features, handed over at construction: auth is a
 * layer below the features and imports none of them (the composition root wires them in).
 */
export interface AuthDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** The account mails, written and queued by the mail feature. */
  mail: {
    passwordReset(to: string, link: string): Promise<void>;
    /** A link that verifies the address (an account mail). */
    verifyEmail(to: string, link: string): Promise<void>;
    /** Someone tried to register with this address, which already has an account (an account mail). */
    signUpAttempt(to: string): Promise<void>;
    /** A member has just signed up: their welcome mail, when the settings and their preferences allow. */
    welcome(userId: string): Promise<void>;
  };
  settings: { get(): Promise<SystemSettings> };
  accounts: {
    ensureProfile(
      userId: string,
      seed: {
        firstName?: string;
        lastName?: string;
        phone?: string | undefined;
        profession?: string | undefined;
        termsAcceptedAt?: Date | undefined;
      },
    ): Promise<void>;
    recordSignIn(userId: string): Promise<void>;
    /** Whether the member has ever been signed in (a new account waiting for its link has not). */
    hasSignedIn(userId: string): Promise<boolean>;
    /** End the member's password-reset links, all but the one whose identifier is `keep`. */
    endResetLinks(userId: string, keep?: string | null): Promise<number>;
    lockout: PasswordLockout;
  };
  logs: {
    app(entry: {
      userId?: string | null;
      ipAddress?: string | null;
      userAgent?: string | null;
      level?: "info" | "warn";
      category: "auth";
      message: string;
      metadata?: Record<string, unknown>;
    }): Promise<void>;
  };
  /** A fixed-window limit: the seconds to wait when `key` is over `limit`, else null. */
  usage: { hit(key: string, limit: number, windowSeconds: number): Promise<number | null> };
}

/** The shared schema each account endpoint's body must pass before better-auth reads it. */
const BODY_RULES: Record<string, z.ZodType> = {
  "/sign-up/email": signUpBodySchema,
  "/sign-in/email": signInBodySchema,
  "/request-password-reset": requestPasswordResetBodySchema,
  "/reset-password": resetPasswordBodySchema,
  "/change-password": changePasswordBodySchema,
  "/sign-out": signOutBodySchema,
  "/send-verification-email": sendVerificationBodySchema,
  "/two-factor/enable": twoFactorPasswordBodySchema,
  "/two-factor/disable": twoFactorPasswordBodySchema,
  "/two-factor/verify-totp": totpCodeBodySchema,
  "/two-factor/verify-backup-code": backupCodeBodySchema,
};

/** 429 for a paused sign-in, with Retry-After and the time left in words. */
function lockedError(pause: SignInPause) {
  const { seconds, message } = pauseRefusal(pause);
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message, code: ERROR_CODES.accountLocked },
    { "Retry-After": String(seconds) },
  );
}

const SESSION_COOKIE_MAX_AGE_S = 7 * 24 * 3600;

/** What better-auth's hooks are given. */
type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export function createAuth(deps: AuthDeps) {
  const { config, db, logger, mail, settings, accounts, logs, usage } = deps;
  const publicOrigin = new URL(config.publicUrl).origin;
  const perMinute = config.authRateLimitPerMinute;

  /** An account event in the application log, with who and from where. */
  const authLog = (
    request: Request | undefined,
    entry: { userId?: string | null; level?: "info" | "warn"; message: string; metadata?: Record<string, unknown> },
  ) =>
    logs.app({
      userId: null,
      ipAddress: request?.headers.get(CLIENT_IP_HEADER) ?? null,
      userAgent: request?.headers.get("user-agent") ?? null,
      category: "auth",
      ...entry,
    });

  /** Queue a member's welcome mail; a failure is logged, never the member's problem. */
  async function welcome(userId: string) {
    try {
      await mail.welcome(userId);
    } catch (error) {
      logger.warn({ fault: describeFault(error) }, "welcome mail not queued");
    }
  }

  /** The member whose sign-in waits for a code, by request (set before the code is checked, read after). */
  const pendingSignIns = new WeakMap<Request, { id: string; email: string }>();

  /** The member a two-factor challenge cookie names, while the challenge is open. */
  async function pendingSecondFactor(ctx: AuthHookContext) {
    const cookie = ctx.context.createAuthCookie("two_factor");
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!identifier) return null;
    const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
    if (!challenge || challenge.expiresAt < new Date()) return null;
    const member = await ctx.context.internalAdapter.findUserById(challenge.value);
    return member ? { id: member.id, email: member.email.toLowerCase() } : null;
  }

  /** The password or code check each request reserved (before), settled by how it went (after). */
  const reservedChecks = new WeakMap<Request, { email: string; client: string | null; maxAttempts: number }>();

  /**
   * Count a password or code check before better-auth makes it; refused with the pause in force
   * (429) when the address or the account is paused, with nothing counted.
   */
  async function reserveCheck(
    request: Request | undefined,
    email: string,
    client: string | null,
    userId: string | null,
  ) {
    const { security } = await settings.get();
    const pause = await accounts.lockout.reserve(email, client, security.maxLoginAttempts);
    if (pause) {
      await authLog(request, {
        userId,
        level: "warn",
        message: "Sign-in refused: account locked",
        metadata: { email, scope: pause.scope, lockedUntil: pause.until.toISOString() },
      });
      throw lockedError(pause);
    }
    if (request) reservedChecks.set(request, { email, client, maxAttempts: security.maxLoginAttempts });
  }

  /** A check of the signed-in member's password (change it, two-factor on or off). */
  async function reserveSessionCheck(ctx: AuthHookContext, client: string | null) {
    const member = (await getSessionFromCtx(ctx).catch(() => null))?.user;
    if (member) await reserveCheck(ctx.request, member.email.toLowerCase(), client, member.id);
  }

  /** How the request's reserved check went; the pause a wrong one started, if any. */
  async function settleCheck(request: Request | undefined, outcome: "wrong" | "right" | "void") {
    const reserved = request ? reservedChecks.get(request) : undefined;
    if (!reserved || !request) return null;
    reservedChecks.delete(request);
    return accounts.lockout.settle(reserved.email, reserved.client, outcome, reserved.maxAttempts);
  }

  // The administrators' switch (security settings) read before every account request: better-auth
  // reads `requireEmailVerification` as the request runs, so the getter below follows the switch.
  let verificationRequired = false;

  const auth = betterAuth({
    appName: "LawGuide",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor },
    }),
    trustedOrigins: async (request) => {
      const origins = [publicOrigin];
      const host = request?.headers.get("host");
      if (host) origins.push(`http://${host}`, `https://${host}`);
      return origins;
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 3600,
      get requireEmailVerification() {
        return verificationRequired;
      },
      // While verification is required, a sign-up for a taken address is answered like a new one
      // (better-auth's generic answer) and the owner is told.
      onExistingUserSignUp: async ({ user: owner }, request) => {
        await mail.signUpAttempt(owner.email);
        await authLog(request, {
          userId: owner.id,
          level: "warn",
          message: "Sign-up attempted with a registered address",
        });
      },
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: target, token }) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mail.passwordReset(target.email, link);
      },
      onPasswordReset: async ({ user: target }, request) => {
        // A link made while this one was being used ends too: one reset, and no link works after it.
        await accounts.endResetLinks(target.id);
        await accounts.lockout.clear(target.email.toLowerCase());
        await authLog(request, { userId: target.id, message: "Password reset" });
      },
    },
    emailVerification: {
      // Sent on sign-up and on sign-in while verification is required (better-auth's default
      // follows requireEmailVerification); following the link signs the member in, unless the
      // account has two-factor sign-in on (then it only verifies: see afterEmailVerification).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user: target, token }) => {
        const link = `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
        await mail.verifyEmail(target.email, link);
      },
      afterEmailVerification: async (verified, request) => {
        const isNew = !(await accounts.hasSignedIn(verified.id));
        if ((verified as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) {
          // A link in a mailbox is one factor: an account with two-factor sign-in is verified and
          // sent to sign in with its password and code, never signed in by the link (the redirect
          // ends the request before better-auth makes a session).
          await authLog(request, { userId: verified.id, message: "Email verified; sign-in asked (two-factor)" });
          if (isNew) await welcome(verified.id);
          throw new APIError("FOUND", undefined, { location: VERIFY_EMAIL_PAGE });
        }
        // The link signs the member in; a new account is welcomed now that its address is known.
        await accounts.recordSignIn(verified.id);
        await authLog(request, { userId: verified.id, message: "Email verified" });
        if (isNew) await welcome(verified.id);
      },
    },
    session: {
      expiresIn: SESSION_COOKIE_MAX_AGE_S,
      disableSessionRefresh: true,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 600,
      customRules: {
        "/sign-in/email": { window: 60, max: perMinute },
        "/sign-up/email": { window: 60, max: perMinute },
        "/change-password": { window: 60, max: perMinute },
        "/request-password-reset": { window: 60, max: Math.max(3, Math.ceil(perMinute / 6)) },
        "/reset-password": { window: 60, max: perMinute },
        // A new verification link: three a minute from one address (at the default 30 sign-ins).
        "/send-verification-email": { window: 60, max: Math.max(3, Math.ceil(perMinute / 10)) },
        // Codes: like passwords (the lockout counts the wrong ones as well).
        "/two-factor/verify-totp": { window: 60, max: perMinute },
        "/two-factor/verify-backup-code": { window: 60, max: perMinute },
        "/two-factor/enable": { window: 60, max: perMinute },
        "/two-factor/disable": { window: 60, max: perMinute },
      },
    },
    advanced: {
      cookiePrefix: "lawguide",
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: "error",
      log: (level, message) => {
        if (level === "error") logger.error({ source: "better-auth" }, message);
        else logger.warn({ source: "better-auth" }, message);
      },
    },
    onAPIError: {
      onError: (error) => {
        // Refusals (4xx) are answered to the client and logged by our hooks; only faults go to the log.
        if (isAPIError(error) && error.statusCode < 500) return;
        logger.error({ fault: describeFault(error), source: "better-auth" }, "auth error");
      },
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      // Two-factor sign-in with an authenticator app (TOTP) and ten backup codes; a device is never
      // trusted to skip the code. Enrolment is confirmed by a first code.
      twoFactorPlugin({
        issuer: "LawGuide",
        skipVerificationOnEnable: false,
        backupCodeOptions: { amount: 10 },
        twoFactorCookieMaxAge: 600,
      }),
    ],
    databaseHooks: {
      verification: {
        delete: {
          // A reset link being used (its row consumed by /reset-password) ends the member's other
          // links first, in one statement: of two links used at once, at most one still finds its
          // row, so a used link always leaves none that works.
          before: async (row, ctx) => {
            const { identifier, value, expiresAt } = row as { identifier: string; value: string; expiresAt: Date };
            const token = (ctx?.body as { token?: unknown } | undefined)?.token;
            if (ctx?.path !== "/reset-password" || identifier !== `reset-password:${String(token)}`) return;
            if (new Date(expiresAt).getTime() <= Date.now()) return;
            await accounts.endResetLinks(value, identifier);
          },
        },
      },
      user: {
        create: {
          after: async (created, ctx) => {
            const body = (ctx?.body ?? {}) as Record<string, unknown>;
            const fromName = splitName(created.name);
            await accounts.ensureProfile(created.id, {
              firstName: typeof body.firstName === "string" ? body.firstName : fromName.firstName,
              lastName: typeof body.lastName === "string" ? body.lastName : fromName.lastName,
              phone: typeof body.phone === "string" ? body.phone : undefined,
              profession: typeof body.profession === "string" ? body.profession : undefined,
              // The sign-up's schema let it through only with both boxes ticked.
              termsAcceptedAt: ctx?.path === "/sign-up/email" && body.acceptTerms === true ? new Date() : undefined,
            });
            // With verification required the welcome waits for the link (an address typed by
            // someone else gets the link alone).
            if (ctx?.path === "/sign-up/email" && !verificationRequired) await welcome(created.id);
          },
        },
      },
      session: {
        create: {
          before: async (data) => {
            const { security } = await settings.get();
            const byTimeout = new Date(Date.now() + security.sessionTimeout * 3_600_000);
            return { data: { ...data, expiresAt: byTimeout } };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const clientIp = ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null;
        const { security: securityNow } = await settings.get();
        verificationRequired = securityNow.requireEmailVerification;
        if (ctx.path === "/two-factor/enable" && !securityNow.enableTwoFactor) {
          throw new APIError("FORBIDDEN", { message: AUTH_TEXT.twoFactorOff, code: ERROR_CODES.forbidden });
        }
        if (SECOND_FACTOR_PATHS.has(ctx.path)) {
          // The second step of a sign-in: its member's code is counted before it is checked.
          const pending = await pendingSecondFactor(ctx);
          if (pending && ctx.request) pendingSignIns.set(ctx.request, pending);
          if (pending) await reserveCheck(ctx.request, pending.email, clientIp, pending.id);
        }
        const rule = BODY_RULES[ctx.path];
        if (ctx.path === "/sign-up/email" && !(await settings.get()).general.allowRegistration) {
          throw new APIError("FORBIDDEN", {
            message: AUTH_TEXT.registrationClosed,
            code: ERROR_CODES.registrationClosed,
          });
        }
        if (rule) {
          // Every body is checked with its shared schema before better-auth reads it, and only
          // what the schema keeps is passed on (never `role`, `emailVerified`, `banned`, ...).
          const parsed = rule.safeParse(body);
          if (!parsed.success) {
            throw new APIError("BAD_REQUEST", {
              message: parsed.error.issues[0]?.message ?? GENERIC_TEXT.invalidInput,
              code: ERROR_CODES.invalidInput,
            });
          }
          for (const key of Object.keys(body)) delete body[key];
          Object.assign(body, parsed.data);
        }
        switch (ctx.path) {
          case "/sign-up/email": {
            const data = body as SignUpBody;
            const current = await settings.get();
            if (data.email === config.admin.email) {
              // The built-in administrator's address is never open to registration.
              throw new APIError("BAD_REQUEST", {
                message: AUTH_TEXT.registrationFailed,
                code: ERROR_CODES.registrationFailed,
              });
            }
            const wait = await usage.hit(`signup:${clientIp ?? "unknown"}`, config.signupLimitPerHour, 3600);
            if (wait !== null) {
              throw new APIError(
                "TOO_MANY_REQUESTS",
                { message: AUTH_TEXT.tooManySignUps, code: ERROR_CODES.rateLimited },
                {
                  "Retry-After": String(wait),
                },
              );
            }
            const tooShort = passwordLengthError(data.password, current.security.passwordMinLength, false);
            if (tooShort) throw new APIError("BAD_REQUEST", { message: tooShort, code: ERROR_CODES.invalidInput });
            Object.assign(body, { name: `${data.firstName} ${data.lastName}`.trim() });
            return;
          }
          case "/sign-in/email": {
            await reserveCheck(ctx.request, String(body.email), clientIp, null);
            return;
          }
          case "/change-password":
          case "/reset-password": {
            if (ctx.path === "/change-password") await reserveSessionCheck(ctx, clientIp);
            // A new password ends the member's other sessions, whatever the client asked (a reset
            // ends them all: revokeSessionsOnPasswordReset).
            if (ctx.path === "/change-password") body.revokeOtherSessions = true;
            const { security } = await settings.get();
            const tooShort = passwordLengthError(String(body.newPassword), security.passwordMinLength, true);
            if (tooShort) throw new APIError("BAD_REQUEST", { message: tooShort, code: ERROR_CODES.invalidInput });
            return;
          }
          case "/two-factor/enable":
          case "/two-factor/disable": {
            await reserveSessionCheck(ctx, clientIp);
            return;
          }
          case "/sign-out": {
            const current = await getSessionFromCtx(ctx).catch(() => null);
            if (current) {
              await authLog(ctx.request, { userId: current.user.id, message: "User signed out" });
            }
            return;
          }
          default:
            return;
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = isAPIError(returned);
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const reason = failed ? returned.body?.code : undefined;
        switch (ctx.path) {
          case "/sign-in/email": {
            const email = typeof body.email === "string" ? body.email : "";
            if (failed) {
              // Only a wrong e-mail or password counts towards the lockout.
              const pause = await settleCheck(ctx.request, reason === "INVALID_EMAIL_OR_PASSWORD" ? "wrong" : "void");
              await authLog(ctx.request, {
                level: "warn",
                message: pause ? "Sign-in failed; account locked" : "Sign-in failed",
                metadata: { email, reason, ...(pause ? { scope: pause.scope } : {}) },
              });
              return;
            }
            const signedIn = ctx.context.newSession?.user as { id: string; twoFactorEnabled?: boolean } | undefined;
            const returnedBody = returned as { twoFactorRedirect?: unknown } | undefined;
            if (signedIn?.twoFactorEnabled || returnedBody?.twoFactorRedirect === true) {
              // The password was right; the sign-in waits for the code, which is counted in its turn
              // (the address's failures are not forgiven until the code is right too).
              await settleCheck(ctx.request, "void");
              await authLog(ctx.request, {
                userId: signedIn?.id ?? null,
                message: "Sign-in: password accepted, code asked",
                metadata: { email },
              });
              return;
            }
            await settleCheck(ctx.request, signedIn ? "right" : "void");
            if (signedIn) {
              await accounts.recordSignIn(signedIn.id);
              await authLog(ctx.request, { userId: signedIn.id, message: "User signed in" });
            }
            return;
          }
          case "/two-factor/verify-totp":
          case "/two-factor/verify-backup-code": {
            const pending = ctx.request ? pendingSignIns.get(ctx.request) : undefined;
            const method = ctx.path === "/two-factor/verify-totp" ? "authenticator code" : "backup code";
            if (!pending) {
              // Enrolment: the first code confirms a member's new authenticator.
              const member = (await getSessionFromCtx(ctx).catch(() => null))?.user;
              if (!failed && member) {
                await authLog(ctx.request, { userId: member.id, message: "Two-factor sign-in turned on" });
              }
              return;
            }
            if (failed) {
              const pause = await settleCheck(ctx.request, "wrong");
              await authLog(ctx.request, {
                userId: pending.id,
                level: "warn",
                message: pause ? "Sign-in code refused; account locked" : "Sign-in code refused",
                metadata: { email: pending.email, method, reason, ...(pause ? { scope: pause.scope } : {}) },
              });
              return;
            }
            await settleCheck(ctx.request, "right");
            await accounts.recordSignIn(pending.id);
            await authLog(ctx.request, { userId: pending.id, message: "User signed in", metadata: { method } });
            return;
          }
          case "/two-factor/enable":
          case "/two-factor/disable": {
            await settleCheck(ctx.request, !failed ? "right" : reason === "INVALID_PASSWORD" ? "wrong" : "void");
            if (ctx.path === "/two-factor/enable") return;
            const member = (await getSessionFromCtx(ctx).catch(() => null))?.user;
            if (!failed && member)
              await authLog(ctx.request, { userId: member.id, message: "Two-factor sign-in turned off" });
            return;
          }
          case "/sign-up/email": {
            if (failed) {
              await authLog(ctx.request, {
                level: "warn",
                message: "Registration failed",
                metadata: { email: body.email, reason },
              });
              return;
            }
            const created = ctx.context.newSession?.user;
            if (created) {
              await accounts.recordSignIn(created.id);
              await authLog(ctx.request, { userId: created.id, message: "User registered" });
            } else {
              // Verification required: no session yet, and the same answer for a taken address.
              await authLog(ctx.request, {
                message: "Registration answered: verification link sent",
                metadata: { email: body.email },
              });
            }
            return;
          }
          case "/change-password": {
            await settleCheck(ctx.request, !failed ? "right" : reason === "INVALID_PASSWORD" ? "wrong" : "void");
            const userId = ctx.context.session?.user.id ?? null;
            await authLog(ctx.request, {
              userId,
              level: failed ? "warn" : "info",
              message: failed ? "Password change failed" : "Password changed",
              ...(reason ? { metadata: { reason } } : {}),
            });
            return;
          }
          case "/request-password-reset": {
            await authLog(ctx.request, { message: "Password reset requested", metadata: { email: body.email } });
            return;
          }
          default:
            return;
        }
      }),
    },
  });
  return releasingContext(auth);
}

export type Auth = ReturnType<typeof createAuth>;
