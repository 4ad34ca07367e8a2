import { Badge, type BadgeTone } from "@client/components/ui/Badge";

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "green" },
  referred: { label: "Referred", tone: "indigo" },
  archived: { label: "Archived", tone: "slate" },
};

/** active green, referred indigo, archived slate; anything else 'Unknown' (spec section 4). */
export function CaseStatusBadge({ status }: { status: string }) {
  const known = STATUS[status] ?? { label: "Unknown", tone: "gray" as const };
  return <Badge tone={known.tone}>{known.label}</Badge>;
}
