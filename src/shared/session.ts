import type { PlanId } from "./plans";

/**
 * When a Premium member's message opens the comparison of both assistants: every message (the
 * spec's rule, the default), only questions over 100 characters, or never.
 */
export const COMPARE_ANSWERS = ["every", "long", "never"] as const;
export type CompareAnswers = (typeof COMPARE_ANSWERS)[number];

export interface Preferences {
  emailNotifications: boolean;
  pushNotifications: boolean;
  marketingEmails: boolean;
  compareAnswers: CompareAnswers;
}

/** The signed-in user as every screen sees it (spec section 3 'User session object'). */
export interface SessionUser {
  id: string;
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  address: string;
  profession: string;
  createdAt: string;
  lastActive: string | null;
  isAdmin: boolean;
  /** Sign-in asks for a code from the member's authenticator app. */
  twoFactorEnabled: boolean;
  preferences: Preferences;
  plan: PlanId;
}

/** Split a display name into first and last name ('Ada Lovelace' → Ada / Lovelace). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(" ");
  if (space === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}
