import { Badge } from "@client/components/ui/Badge";
import { formatDate } from "@shared/dates";
import { PLANS, subscriptionStatusLabel } from "@shared/plans";
import type { AdminUserRow, AdminUserSubscription } from "@shared/schemas/admin-users";

/** The name to show for a member (their e-mail when they gave no name). */
export const displayName = (row: Pick<AdminUserRow, "name" | "email">) => row.name || row.email;

/** Initials for the avatar circle. */
export function initials(row: Pick<AdminUserRow, "firstName" | "lastName" | "email">): string {
  const letters = `${row.firstName.charAt(0)}${row.lastName.charAt(0)}`;
  return (letters || row.email.charAt(0)).toUpperCase();
}

/** The Premium or Free badge of the spec (Basic members have their own). */
export function PlanBadge({ plan }: { plan: AdminUserRow["plan"] }) {
  if (plan === "premium") return <Badge tone="amber">Premium</Badge>;
  if (plan === "basic") return <Badge tone="indigo">Basic</Badge>;
  return <Badge tone="gray">Free</Badge>;
}

const SOURCE_LABELS: Record<string, string> = {
  stripe: "Paid through Stripe",
  demo: "Demo checkout",
  admin: "Granted by an administrator",
};

export const statusLabel = subscriptionStatusLabel;
export const sourceLabel = (source: string) => SOURCE_LABELS[source] ?? source;
export const planName = (sub: AdminUserSubscription) => PLANS[sub.planId].name;

/** 'Ends on Mar 3, 2027' / 'Renews on ...' / 'Ended on ...' for a subscription's period. */
export function periodText(sub: AdminUserSubscription): string | null {
  if (sub.status === "past_due" && sub.graceUntil) return `Grace period until ${formatDate(sub.graceUntil)}`;
  if (!sub.currentPeriodEnd) return null;
  const end = new Date(sub.currentPeriodEnd);
  if (end.getTime() <= Date.now() || sub.status === "canceled") return `Ended on ${formatDate(end)}`;
  return `${sub.cancelAtPeriodEnd ? "Ends on" : "Renews on"} ${formatDate(end)}`;
}

/** Whether the member's subscription is one an administrator may not replace (a live Stripe one). */
export const paidThroughStripe = (sub: AdminUserSubscription | null) =>
  sub?.source === "stripe" && sub.status !== "canceled" && sub.status !== "incomplete_expired";
