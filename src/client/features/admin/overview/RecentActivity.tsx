import { Alert } from "@client/components/ui/Alert";
import { Card } from "@client/components/ui/Card";
import { Skeleton } from "@client/components/ui/Skeleton";
import { cn } from "@client/lib/cn";
import type { ActivityEntry, ActivityKind } from "@shared/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import {
  AlertTriangle,
  Bot,
  Briefcase,
  CreditCard,
  FileText,
  type LucideIcon,
  Scale,
  ShieldCheck,
  UserPlus,
} from "lucide-react";
import { useEffect, useState } from "react";
import { OVERVIEW_REFRESH_MS, overviewApi } from "./overview-api";
import { fullDateTime, timeAgo } from "./relative-time";

const ACTIVITY_LIMIT = 15;

const ICONS: Record<ActivityKind, LucideIcon> = {
  registration: UserPlus,
  ai: Bot,
  document: FileText,
  referral: Scale,
  case: Briefcase,
  payment: CreditCard,
  admin: ShieldCheck,
};

/** The current time, moved on every `everyMs` so relative times stay true between reads. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Recent Activity: what members and administrators did, newest first, from the logs. */
export function RecentActivity() {
  const activity = useQuery({
    queryKey: ["admin", "activity", ACTIVITY_LIMIT],
    queryFn: () => overviewApi.activity(ACTIVITY_LIMIT),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
  const now = useNow(OVERVIEW_REFRESH_MS);
  return (
    <section aria-labelledby="recent-activity" className="mt-8">
      <h2 id="recent-activity" className="mb-3 text-lg font-semibold text-slate-900">
        Recent Activity
      </h2>
      <Card className="p-2 sm:p-3">
        {activity.isPending ? (
          <div className="space-y-3 p-3" aria-busy="true">
            <p role="status" className="sr-only">
              Loading recent activity…
            </p>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : activity.isError ? (
          <Alert tone="danger" className="m-2">
            Recent activity could not be loaded. It will be tried again in a moment.
          </Alert>
        ) : activity.data.entries.length === 0 ? (
          <p className="p-4 text-slate-600">
            Nothing has happened yet. Registrations, AI queries, documents, referrals and payments appear here.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {activity.data.entries.map((entry) => (
              <ActivityItem key={entry.id} entry={entry} now={now} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

function ActivityItem({ entry, now }: { entry: ActivityEntry; now: number }) {
  const Icon = entry.warning ? AlertTriangle : ICONS[entry.kind];
  return (
    <li className="flex gap-3 px-2 py-3 sm:px-3">
      <span
        className={cn(
          "mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full",
          entry.warning ? "bg-red-50 text-red-800" : "bg-primary-50 text-primary-800",
        )}
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">
          {entry.warning ? <span className="sr-only">Warning: </span> : null}
          {entry.text}
        </p>
        <p className="text-sm break-words text-slate-600">
          {entry.who ? (
            <>
              {entry.who.name !== entry.who.email ? <span className="font-medium">{entry.who.name}</span> : null}
              {entry.who.name !== entry.who.email ? " · " : null}
              <span className="break-all">{entry.who.email}</span>
              {" · "}
            </>
          ) : null}
          <time dateTime={entry.at} title={fullDateTime(entry.at)}>
            {timeAgo(entry.at, now)}
          </time>
        </p>
      </div>
    </li>
  );
}
