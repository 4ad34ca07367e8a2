import { Badge } from "@client/components/ui/Badge";
import { Button, type ButtonVariant } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { shownCaseDescription } from "@shared/chat";
import { formatDateTime } from "@shared/dates";
import type { CaseSummary } from "@shared/schemas/cases";
import { Archive, ArchiveRestore, type LucideIcon, MessageSquare, Scale } from "lucide-react";
import { Link } from "react-router";
import { CaseStatusBadge } from "./CaseStatusBadge";

/** What a member can do with a case from the list. */
export type CaseAction = "refer" | "archive" | "restore";

const ACTIONS: Record<CaseAction, { label: string; icon: LucideIcon; variant: ButtonVariant }> = {
  refer: { label: "Refer to Attorney", icon: Scale, variant: "secondary" },
  archive: { label: "Archive", icon: Archive, variant: "ghost" },
  restore: { label: "Restore", icon: ArchiveRestore, variant: "ghost" },
};

/** An active case can be referred; an archived one restored, any other archived. */
function actionsFor(status: CaseSummary["status"]): CaseAction[] {
  const keep: CaseAction = status === "archived" ? "restore" : "archive";
  return status === "active" ? ["refer", keep] : [keep];
}

export function CaseCard({
  item,
  busy,
  onAction,
}: {
  item: CaseSummary;
  busy: boolean;
  onAction: (action: CaseAction) => void;
}) {
  const titleId = `case-${item.id}-title`;
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={titleId} className="space-y-3">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold leading-snug">
            <Link
              to={`/dashboard/case/${item.id}`}
              className="text-slate-900 underline-offset-2 hover:text-primary-800 hover:underline"
            >
              {item.title}
            </Link>
          </h2>
          <CaseStatusBadge status={item.status} />
        </div>
        {item.description ? (
          <p className="line-clamp-2 text-sm text-slate-600">{shownCaseDescription(item.description)}</p>
        ) : null}
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          <div className="flex gap-1">
            <dt>Updated</dt>
            <dd className="font-medium text-slate-700">{formatDateTime(item.updatedAt)}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <MessageSquare className="size-4" aria-hidden />
              <span className="sr-only">Messages</span>
            </dt>
            <dd className="font-medium text-slate-700">
              {item.messageCount} {item.messageCount === 1 ? "message" : "messages"}
            </dd>
          </div>
          {item.lastMessageAt ? (
            <div className="flex gap-1">
              <dt>Last message</dt>
              <dd className="font-medium text-slate-700">{formatDateTime(item.lastMessageAt)}</dd>
            </div>
          ) : null}
          {item.assignedAttorney ? (
            <div className="flex gap-1">
              <dt>Assigned attorney:</dt>
              <dd className="font-medium text-slate-700">{item.assignedAttorney}</dd>
            </div>
          ) : null}
          <div className="flex gap-1">
            <dt className="sr-only">Category</dt>
            <dd>
              <Badge tone="slate">{item.category ?? "Uncategorized"}</Badge>
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2 pt-1">
          {actionsFor(item.status).map((action) => {
            const { label, icon, variant } = ACTIONS[action];
            return (
              <Button
                key={action}
                variant={variant}
                size="sm"
                onClick={() => onAction(action)}
                disabled={busy}
                aria-label={`${label}: ${item.title}`}
                icon={icon}
              >
                {label}
              </Button>
            );
          })}
        </div>
      </article>
    </Card>
  );
}
