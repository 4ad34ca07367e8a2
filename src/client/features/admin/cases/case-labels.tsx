import { Badge, type BadgeTone } from "@client/components/ui/Badge";
import type { SelectOptions } from "@client/components/ui/SelectField";

export const STATUS_LABELS: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "green" },
  referred: { label: "Referred", tone: "indigo" },
  archived: { label: "Archived", tone: "slate" },
};

export const COMPLEXITY_LABELS: Record<string, string> = {
  simple: "Simple",
  moderate: "Moderate",
  complex: "Complex",
};

/** The statuses and complexities as a select's options. */
export const STATUS_OPTIONS: SelectOptions = Object.entries(STATUS_LABELS).map(([value, { label }]) => [value, label]);
export const COMPLEXITY_OPTIONS: SelectOptions = Object.entries(COMPLEXITY_LABELS);

export const statusLabel = (status: string) => STATUS_LABELS[status]?.label ?? "Unknown";
export const complexityLabel = (complexity: string | null) =>
  complexity ? (COMPLEXITY_LABELS[complexity] ?? complexity) : "Not set";

/** active green, referred indigo, archived slate; anything else 'Unknown' (spec section 4). */
export function AdminCaseStatusBadge({ status }: { status: string }) {
  const known = STATUS_LABELS[status] ?? { label: "Unknown", tone: "gray" as const };
  return <Badge tone={known.tone}>{known.label}</Badge>;
}

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** An estimated value in dollars, or the spec's fallback. */
export const formatEstimatedValue = (value: number | null) =>
  value === null ? "Not estimated" : dollars.format(value);
