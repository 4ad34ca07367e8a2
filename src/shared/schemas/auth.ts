import { z } from "zod";
import { AUTH_TEXT } from "../messages";

/**
 * Account request bodies as the server parses them. The form rules themselves are in
 * ../validation/auth-rules.ts (no schema library, so the browser pages stay light).
 */

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: AUTH_TEXT.invalidEmail }));

/** Body of POST /api/auth/sign-up/email as LawGuide accepts it (anything else is dropped). */
export const signUpBodySchema = z.object({
  email: z.string({ error: AUTH_TEXT.registrationMissingFields }).trim().min(1, AUTH_TEXT.registrationMissingFields),
  password: z.string({ error: AUTH_TEXT.registrationMissingFields }).min(1, AUTH_TEXT.registrationMissingFields),
  firstName: z
    .string({ error: AUTH_TEXT.registrationMissingFields })
    .trim()
    .min(1, AUTH_TEXT.registrationMissingFields)
    .max(100),
  lastName: z.string().trim().max(100).optional().default(""),
  phone: z.string().trim().max(40).optional(),
  profession: z.string().trim().max(100).optional(),
  acceptTerms: z.boolean().optional(),
  acknowledgeAi: z.boolean().optional(),
  rememberMe: z.boolean().optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  email: z.string().trim().min(1, AUTH_TEXT.emailAndPasswordRequired),
  password: z.string().min(1, AUTH_TEXT.emailAndPasswordRequired),
  rememberMe: z.boolean().optional(),
});
