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

/** The registration form's checks in the order the spec lists them: the first failure, and the field it concerns. */
export function registrationProblem(
  input: RegistrationInput,
  minLength = PASSWORD_MIN_LENGTH,
): { field: keyof RegistrationInput; message: string } | null {
  const required = (["email", "firstName", "password", "confirmPassword"] as const).find((field) =>
    field === "email" || field === "firstName" ? !input[field].trim() : !input[field],
  );
  if (required) return { field: required, message: AUTH_TEXT.fillAllRequired };
  if (!isEmail(input.email)) return { field: "email", message: AUTH_TEXT.invalidEmail };
  if (input.password !== input.confirmPassword) {
    return { field: "confirmPassword", message: AUTH_TEXT.passwordsDoNotMatch };
  }
  if (input.password.length < minLength) return { field: "password", message: AUTH_TEXT.passwordTooShort(minLength) };
  if (!input.acceptTerms) return { field: "acceptTerms", message: AUTH_TEXT.mustAgreeTerms };
  if (!input.acknowledgeAi) return { field: "acknowledgeAi", message: AUTH_TEXT.mustAcknowledgeAi };
  return null;
}

/** The registration form's checks in the order the spec lists them; returns the first failure. */
export function validateRegistration(input: RegistrationInput, minLength = PASSWORD_MIN_LENGTH): string | null {
  return registrationProblem(input, minLength)?.message ?? null;
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
