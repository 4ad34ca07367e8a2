import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../constants";
import { AUTH_TEXT } from "../messages";
import { profileFieldSchemas } from "./profile";
import { text } from "./text";

/**
 * Account request bodies as the server parses them, before better-auth sees them. The form rules
 * themselves are in ../validation/auth-rules.ts (no schema library, so the browser pages stay light).
 */

export const emailSchema = text({ min: 1, max: 254, required: AUTH_TEXT.invalidEmail, invalid: AUTH_TEXT.invalidEmail })
  .transform((value) => value.toLowerCase())
  .pipe(z.email({ error: AUTH_TEXT.invalidEmail }));

/** A password as typed: spaces kept, the length rule from the settings checked separately. */
const password = (required: string) =>
  text({ min: 1, max: PASSWORD_MAX_LENGTH, keepSpaces: true, required, tooLong: required });

const missing = AUTH_TEXT.registrationMissingFields;
/** A required sign-up field: a missing one gets the spec's text, a present one its profile rule. */
const requiredField = <T extends z.ZodType<string, string>>(rule: T) =>
  z.string({ error: missing }).trim().min(1, missing).pipe(rule);

/** Body of POST /api/auth/sign-up/email as LawGuide accepts it (anything else is dropped). */
export const signUpBodySchema = z.object({
  email: requiredField(emailSchema),
  password: password(missing),
  firstName: requiredField(profileFieldSchemas.firstName),
  lastName: profileFieldSchemas.lastName.optional().default(""),
  phone: profileFieldSchemas.phone.optional(),
  profession: profileFieldSchemas.profession.optional(),
  // Both boxes of the registration form, required on the server too (and recorded with the account).
  acceptTerms: z.literal(true, { error: AUTH_TEXT.mustAgreeTerms }),
  acknowledgeAi: z.literal(true, { error: AUTH_TEXT.mustAcknowledgeAi }),
  rememberMe: z.boolean().optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** Body of POST /api/auth/sign-in/email: e-mail as typed (lower-cased), password as typed. */
export const signInBodySchema = z.object({
  email: text({
    min: 1,
    max: 254,
    required: AUTH_TEXT.emailAndPasswordRequired,
    invalid: AUTH_TEXT.loginFailed,
    tooLong: AUTH_TEXT.loginFailed,
  }).transform((value) => value.toLowerCase()),
  password: password(AUTH_TEXT.emailAndPasswordRequired),
  rememberMe: z.boolean().optional(),
});

export const requestPasswordResetBodySchema = z.object({
  email: emailSchema,
  redirectTo: text({ max: 500 }).optional(),
});

/** POST /api/auth/send-verification-email: a new verification link (the page decides where it leads). */
export const sendVerificationBodySchema = z.object({ email: emailSchema });

/** Two-factor endpoints that ask for the member's password (enable, disable). */
export const twoFactorPasswordBodySchema = z.object({
  password: z.string({ error: AUTH_TEXT.currentPasswordWrong }).min(1, AUTH_TEXT.currentPasswordWrong).max(256),
});

/** A code from the member's authenticator app: six digits. */
export const totpCodeBodySchema = z.object({
  code: z
    .string({ error: AUTH_TEXT.twoFactorCodeInvalid })
    .trim()
    .regex(/^\d{6}$/, AUTH_TEXT.twoFactorCodeInvalid),
});

/** One of the member's backup codes (letters, digits and a dash). */
export const backupCodeBodySchema = z.object({
  code: z
    .string({ error: AUTH_TEXT.backupCodeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9-]{4,32}$/, AUTH_TEXT.backupCodeInvalid),
});

/** Reset tokens are made by the account system from letters, digits, '-' and '_'. */
export const resetPasswordBodySchema = z.object({
  token: z.string({ error: AUTH_TEXT.resetLinkInvalid }).regex(/^[A-Za-z0-9_-]{1,200}$/, AUTH_TEXT.resetLinkInvalid),
  newPassword: password(AUTH_TEXT.resetFailed),
});

/**
 * Body of POST /api/auth/change-password. `revokeOtherSessions` is read but not obeyed: a changed
 * password always ends the member's other sessions.
 */
export const changePasswordBodySchema = z.object({
  currentPassword: password(AUTH_TEXT.changePasswordFailed),
  newPassword: password(AUTH_TEXT.changePasswordFailed),
  revokeOtherSessions: z.boolean().optional(),
});

/** Body of POST /api/auth/sign-out: nothing (whatever is sent is dropped). */
export const signOutBodySchema = z.object({});
