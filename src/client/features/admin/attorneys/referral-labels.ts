import type { AdminReferral } from "@shared/schemas/admin-attorneys";

/** What a referral is about: the document whose review was asked for, or its case's title. */
export function referralTitle(referral: AdminReferral): string {
  if (referral.document) return `Document review: ${referral.document.title}`;
  if (referral.case) return referral.case.title;
  return "Referral";
}

export const REFERRAL_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  assigned: "Assigned",
};

export function referralStatusLabel(status: string): string {
  return REFERRAL_STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}
