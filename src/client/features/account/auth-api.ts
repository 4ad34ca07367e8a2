import { apiFetch } from "@client/lib/api";

/** Calls to the account endpoints (better-auth behind our server). */
export const authApi = {
  /** `twoFactorRedirect`: the password was right, and the sign-in waits for a code. */
  signIn: (body: { email: string; password: string; rememberMe: boolean }) =>
    apiFetch<{ user?: { id: string }; twoFactorRedirect?: boolean }>("/api/auth/sign-in/email", { body }),
  /** The second step of a sign-in, or the first code that confirms a new authenticator. */
  verifyTotp: (code: string) => apiFetch<unknown>("/api/auth/two-factor/verify-totp", { body: { code } }),
  verifyBackupCode: (code: string) => apiFetch<unknown>("/api/auth/two-factor/verify-backup-code", { body: { code } }),
  enableTwoFactor: (password: string) =>
    apiFetch<{ totpURI: string; backupCodes: string[] }>("/api/auth/two-factor/enable", { body: { password } }),
  disableTwoFactor: (password: string) => apiFetch<unknown>("/api/auth/two-factor/disable", { body: { password } }),
  /** `token` is null when no session was started: the address must be verified first. */
  signUp: (body: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    acceptTerms: true;
    acknowledgeAi: true;
    rememberMe: boolean;
  }) => apiFetch<{ token: string | null }>("/api/auth/sign-up/email", { body }),
  /** A new verification link to this address (when it has an account that is not verified). */
  sendVerification: (email: string) =>
    apiFetch<{ status: boolean }>("/api/auth/send-verification-email", { body: { email } }),
  requestPasswordReset: (email: string) =>
    apiFetch<{ status: boolean }>("/api/auth/request-password-reset", { body: { email } }),
  resetPassword: (token: string, newPassword: string) =>
    apiFetch<{ status: boolean }>("/api/auth/reset-password", { body: { token, newPassword } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    apiFetch<unknown>("/api/auth/change-password", {
      body: { currentPassword, newPassword, revokeOtherSessions: true },
    }),
};
