import type { Answers } from "@shared/templates/types";

/**
 * Answers typed into a template the member may not use yet (the server refused them, so no draft
 * holds them), kept in this tab while they go to buy it and taken back when the template opens
 * after the purchase. Kept per member and template, in the tab's session storage only (gone when
 * the tab closes), and removed once taken.
 */
const keyOf = (userId: string, templateId: string) => `lawguide:kept-answers:${userId}:${templateId}`;

export function keepAnswers(userId: string, templateId: string, answers: Answers): void {
  try {
    sessionStorage.setItem(keyOf(userId, templateId), JSON.stringify(answers));
  } catch {
    // Storage full or refused: the answers cannot be kept, and the purchase goes on.
  }
}

/** The answers kept for this template, once (they are removed), or null. */
export function takeKeptAnswers(userId: string, templateId: string): Answers | null {
  try {
    const key = keyOf(userId, templateId);
    const text = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Answers) : null;
  } catch {
    return null;
  }
}
