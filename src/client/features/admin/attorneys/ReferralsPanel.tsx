import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { LoadError } from "@client/components/ui/LoadError";
import { SkeletonCards } from "@client/components/ui/PagedList";
import { FilterSelect } from "@client/features/admin/components/ListToolbar";
import { Pager, showingText } from "@client/features/admin/components/Pager";
import { useDialogFor } from "@client/features/admin/components/use-dialog-for";
import { cn } from "@client/lib/cn";
import { formatDate } from "@shared/dates";
import { formatPrice } from "@shared/plans";
import type { AdminReferral, ReferralStatus } from "@shared/schemas/admin-attorneys";
import { Crown, FileText, Inbox, MessageSquare, Scale } from "lucide-react";
import { useId, useState } from "react";
import { AssignReferralDialog } from "./AssignReferralDialog";
import { type ReferralFilters, useReferrals } from "./attorneys-api";
import { referralStatusLabel, referralTitle } from "./referral-labels";

function ReferralCard({ referral, onAssign }: { referral: AdminReferral; onAssign: () => void }) {
  const title = referralTitle(referral);
  const pending = referral.status === "pending";
  const assignable = pending || referral.status === "assigned";
  const Icon = referral.kind === "document" ? FileText : MessageSquare;
  return (
    <Card className={cn("p-4 sm:p-5", pending && referral.priority && "border-premium-300")}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={pending ? "slate" : "indigo"}>{referralStatusLabel(referral.status)}</Badge>
            {referral.priority ? (
              <Badge tone="amber">
                <Crown className="size-3.5" aria-hidden />
                Priority referral
              </Badge>
            ) : null}
          </div>
          <h3 className="flex items-start gap-2 text-base font-semibold break-words text-slate-900">
            <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
            {title}
          </h3>
          <p className="text-sm break-words text-slate-700">
            {referral.member.name} · <span className="break-all">{referral.member.email}</span>
          </p>
          <p className="text-sm text-slate-600">
            {[
              referral.kind === "document" ? "Document review" : (referral.case?.category ?? "Uncategorized"),
              referral.feeCents !== null ? `review fee ${formatPrice(referral.feeCents)}` : null,
              `requested ${formatDate(referral.createdAt)}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {referral.attorney ? (
            <p className="text-sm text-slate-800">
              <span className="font-semibold">Attorney:</span> {referral.attorney.name}
              {referral.attorney.firm ? `, ${referral.attorney.firm}` : ""}
            </p>
          ) : null}
        </div>
        {assignable ? (
          <Button
            variant={pending ? "primary" : "secondary"}
            size="sm"
            className="self-start"
            onClick={onAssign}
            icon={<Scale className="size-4" aria-hidden />}
            aria-label={`${pending ? "Assign an attorney to" : "Reassign"} ${title}`}
          >
            {pending ? "Assign Attorney" : "Reassign"}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** What the queue says when nothing is in it, by the status it is filtered on. */
const EMPTY_TITLES: Record<ReferralStatus | "", string> = {
  pending: "No pending referrals",
  assigned: "No assigned referrals yet",
  "": "No referrals yet",
};

/**
 * Members' referral requests: pending ones first (Premium members' priority referrals first, then
 * the longest waiting), each assigned to an attorney of the directory from here.
 */
export function ReferralsPanel() {
  const ids = useId();
  const [filters, setFilters] = useState<ReferralFilters>({ status: "", page: 1 });
  const dialog = useDialogFor<AdminReferral>();
  const list = useReferrals(filters);
  const data = list.data;

  return (
    <section aria-labelledby={`${ids}-heading`}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${ids}-heading`} className="text-xl font-semibold text-slate-900">
            Referrals
          </h2>
          <p className="text-sm text-slate-600">
            {data
              ? `${data.pending} pending. Premium members' requests are priority referrals and come first.`
              : "Members' requests to be referred to an attorney."}
          </p>
        </div>
        <FilterSelect
          label="Filter referrals by status"
          value={filters.status}
          onChange={(value) => setFilters({ status: value as ReferralStatus | "", page: 1 })}
          className="w-48"
          options={[
            ["", "All referrals"],
            ["pending", "Pending"],
            ["assigned", "Assigned"],
          ]}
        />
      </div>

      <p role="status" className="mb-3 text-sm text-slate-600">
        {data ? showingText(data, ["referral", "referrals"]) : list.isPending ? "Loading referrals…" : ""}
      </p>

      {list.isPending ? (
        <div className="space-y-3" aria-hidden>
          <SkeletonCards bars={["h-5 w-24", "h-5 w-2/3", "h-4 w-1/2"]} />
        </div>
      ) : list.isError && !data ? (
        <LoadError title="The referrals could not be loaded" onRetry={list.refetch} />
      ) : data && data.referrals.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-10 text-center">
          <Inbox className="size-8 text-slate-500" aria-hidden />
          <p className="font-semibold text-slate-900">{EMPTY_TITLES[filters.status]}</p>
          <p className="max-w-md text-sm text-slate-600">
            Referrals appear here when members choose Refer to Attorney in a case, or ask for an attorney review of a
            document.
          </p>
        </Card>
      ) : data ? (
        <>
          <ul className={cn("space-y-3", list.isPlaceholderData && "opacity-60")}>
            {data.referrals.map((referral) => (
              <li key={referral.id}>
                <ReferralCard referral={referral} onAssign={() => dialog.show(referral)} />
              </li>
            ))}
          </ul>
          <Pager label="Referral pages" data={data} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
        </>
      ) : null}

      {dialog.render((referral, state) => (
        <AssignReferralDialog {...state} referral={referral} />
      ))}
    </section>
  );
}
