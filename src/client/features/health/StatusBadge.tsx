import { Badge, type BadgeTone } from "@client/components/ui/Badge";
import type { CheckState } from "./checks";

const TONE: Record<CheckState, BadgeTone> = {
  checking: "gray",
  connected: "green",
  found: "green",
  enabled: "green",
  warning: "amber",
  disabled: "amber",
  missing: "red",
  error: "red",
};

export function StatusBadge({ state }: { state: CheckState }) {
  return <Badge tone={TONE[state]}>{state}</Badge>;
}
