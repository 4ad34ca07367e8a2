import { Button, type ButtonVariant } from "@client/components/ui/Button";
import { cn } from "@client/lib/cn";
import type { LucideIcon } from "lucide-react";

/** One of a row's actions: a small button with an icon. */
export interface RowAction {
  /** The text shown on the button. */
  text: string;
  /** Its accessible name, which says the row it acts on ('Edit user: Mia Chen'). */
  name: string;
  Icon: LucideIcon;
  onClick: () => void;
  variant?: ButtonVariant;
  loading?: boolean;
  className?: string;
}

/** A row's action buttons, side by side; an action that does not apply is given as `null`. */
export function ActionButtons({ actions, className }: { actions: readonly (RowAction | null)[]; className?: string }) {
  return (
    <div className={cn("flex gap-2", className)}>
      {actions.map((action) =>
        action ? (
          <Button
            key={action.text}
            variant={action.variant ?? "secondary"}
            size="sm"
            onClick={action.onClick}
            loading={action.loading}
            aria-label={action.name}
            className={action.className}
            icon={<action.Icon className="size-4" aria-hidden />}
          >
            {action.text}
          </Button>
        ) : null,
      )}
    </div>
  );
}
