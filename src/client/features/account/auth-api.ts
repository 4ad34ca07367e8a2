import { apiFetch } from "@client/lib/api";

/** Calls to the account endpoints (better-auth behind our server). */
export const authApi = {
  signIn: (body: { email: string; password: string; rememberMe: boolean }) =>
    apiFetch<{ user: { id: string } }>("/api/auth/sign-in/email", { body }),
  /** `token` is null when no session was started: the address must be verified first. */
  signUp: (body: { email: string; password: string; firstName: string; lastName: string; rememberMe: boolean }) =>
    apiFetch<{ token: string | null; user: { id: string } }>("/api/auth/sign-up/email", { body }),
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
