import { Button } from "@client/components/ui/Button";
import { DropdownMenu } from "@client/components/ui/DropdownMenu";
import type { CaseDetail } from "@shared/schemas/cases";
import { Archive, ArchiveRestore, ArrowLeft, CalendarClock, Crown, MoreVertical, Scale } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";

interface CaseHeaderProps {
  detail: CaseDetail;
  premium: boolean;
  onUpgrade: () => void;
  onRefer: () => void;
  onKeyDates: () => void;
  onArchive: () => void;
  onRestore: () => void;
}

/**
 * The case chat's header: back link, title and status, Key dates, the Free member's messages left
 * with Upgrade, and the case menu. Memoised: it changes with the case, not with each streamed word.
 */
export const CaseHeader = memo(function CaseHeader({
  detail,
  premium,
  onUpgrade,
  onRefer,
  onKeyDates,
  onArchive,
  onRestore,
}: CaseHeaderProps) {
  const remaining = detail.remaining;
  return (
    // On a phone the title takes a row of its own under the bar (up to two lines, the whole width);
    // from 640 px it sits beside the back link with the status under it.
    <header className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1 border-b border-slate-200 bg-white px-2 py-2 sm:px-4">
      <Link
        to="/dashboard/cases"
        aria-label="Back to Legal Chats"
        className="col-start-1 row-start-1 inline-flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-slate-700 hover:bg-slate-100 sm:row-span-2"
      >
        <ArrowLeft className="size-5" aria-hidden />
      </Link>
      <h1 className="col-span-3 row-start-2 line-clamp-2 px-1 text-base leading-snug font-semibold break-words text-slate-900 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:self-end sm:px-0 sm:text-lg">
        {detail.title}
      </h1>
      <div className="col-start-2 row-start-1 min-w-0 sm:row-start-2 sm:self-start">
        <div className="flex min-w-0 items-center gap-2">
          <p className="truncate text-sm text-slate-600">
            {detail.status === "active"
              ? "AI Legal Assistant"
              : detail.status === "referred"
                ? "Referred to attorney"
                : "Archived case"}
          </p>
          {!premium && remaining !== null ? (
            <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {remaining} left
            </span>
          ) : null}
        </div>
        {detail.assignedAttorney ? (
          <p className="truncate text-sm font-medium text-primary-900">Assigned attorney: {detail.assignedAttorney}</p>
        ) : null}
      </div>
      <div className="col-start-3 row-start-1 flex items-center gap-2 sm:row-span-2">
        <Button variant="secondary" size="sm" onClick={onKeyDates} icon={CalendarClock}>
          <span className="hidden sm:inline">Key dates</span>
          <span className="sr-only sm:hidden">Key dates</span>
        </Button>
        {!premium ? (
          <Button variant="premium" size="sm" onClick={onUpgrade} icon={Crown}>
            <span className="hidden sm:inline">Upgrade</span>
            <span className="sr-only sm:hidden">Upgrade</span>
          </Button>
        ) : null}
        <DropdownMenu
          label="Case actions"
          trigger={
            <Button variant="ghost" size="icon" aria-label="More actions">
              <MoreVertical className="size-5" aria-hidden />
            </Button>
          }
          items={[
            {
              label: "Refer to Attorney",
              icon: <Scale className="size-4" aria-hidden />,
              disabled: detail.status !== "active",
              onSelect: onRefer,
            },
            detail.status === "archived"
              ? { label: "Restore case", icon: <ArchiveRestore className="size-4" aria-hidden />, onSelect: onRestore }
              : { label: "Archive case", icon: <Archive className="size-4" aria-hidden />, onSelect: onArchive },
          ]}
        />
      </div>
    </header>
  );
});
