import { PROFILE_TEXT } from "@shared/messages";
import { keepForNextPage, takeKept } from "./tab-storage";

/**
 * A word for the landing page when the member leaves the app for it (the account was deleted):
 * shown once, on the landing page's next load in this tab. Only known notices are kept, by name.
 */
const KEY = "lawguide.landingNotice";
const NOTICES = { accountDeleted: PROFILE_TEXT.accountDeleted } as const;
export type LandingNotice = keyof typeof NOTICES;

export function leaveLandingNotice(notice: LandingNotice): void {
  keepForNextPage(KEY, notice);
}

/** The notice's text, removed once read; null when there is none (or it is not one we know). */
export function takeLandingNotice(): string | null {
  const kept = takeKept(KEY);
  return kept && Object.hasOwn(NOTICES, kept) ? NOTICES[kept as LandingNotice] : null;
}
