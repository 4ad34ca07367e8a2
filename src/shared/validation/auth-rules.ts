import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants";
import { AUTH_TEXT } from "../messages";

/**
 * The account forms' rules, without a schema library so that the sign-in and registration pages
 * stay light. The server runs the same functions (and its zod schemas) before anything is stored.
 */

const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isEmail(text: string): boolean {
  return EMAIL.test(text.trim());
}

export interface RegistrationInput {
  email: string;
  firstName: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
  acknowledgeAi: boolean;
}

/** The registration form's checks in the order the spec lists them; returns the first failure. */
export function validateRegistration(input: RegistrationInput, minLength = PASSWORD_MIN_LENGTH): string | null {
  if (!input.email.trim() || !input.firstName.trim() || !input.password || !input.confirmPassword) {
    return AUTH_TEXT.fillAllRequired;
  }
  if (!isEmail(input.email)) return AUTH_TEXT.invalidEmail;
  if (input.password !== input.confirmPassword) return AUTH_TEXT.passwordsDoNotMatch;
  if (input.password.length < minLength) return AUTH_TEXT.passwordTooShort(minLength);
  if (!input.acceptTerms) return AUTH_TEXT.mustAgreeTerms;
  if (!input.acknowledgeAi) return AUTH_TEXT.mustAcknowledgeAi;
  return null;
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change-password checks of spec section 5; returns the first failure. */
export function validateChangePassword(input: ChangePasswordInput, minLength = PASSWORD_MIN_LENGTH): string | null {
  if (!input.currentPassword || !input.newPassword || !input.confirmPassword) return AUTH_TEXT.fillAllRequired;
  if (input.newPassword !== input.confirmPassword) return AUTH_TEXT.newPasswordsDoNotMatch;
  if (input.newPassword.length < minLength) return AUTH_TEXT.newPasswordTooShort(minLength);
  return null;
}

export function passwordLengthError(password: string, minLength: number, isNew: boolean): string | null {
  if (password.length < minLength) {
    return isNew ? AUTH_TEXT.newPasswordTooShort(minLength) : AUTH_TEXT.passwordTooShort(minLength);
  }
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}
