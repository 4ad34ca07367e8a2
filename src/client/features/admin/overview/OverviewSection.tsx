import { Alert } from "@client/components/ui/Alert";
import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";
import { Skeleton } from "@client/components/ui/Skeleton";
import { FullScreenLoading } from "@client/components/ui/Spinner";
import type { AdminCharts } from "@shared/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { Activity, Briefcase, FileText, Users } from "lucide-react";
import { chartDay, MiniChart } from "./MiniChart";
import { CHARTS_REFRESH_MS, OVERVIEW_REFRESH_MS, overviewApi } from "./overview-api";
import { RecentActivity } from "./RecentActivity";

/**
 * Admin section 'Overview': the four cards (spec section 2), three charts of the last 30 days and
 * the Recent Activity feed, all live and read again every 30 to 60 seconds while on screen.
 */
export function OverviewSection() {
  const stats = useQuery({
    queryKey: ["admin", "stats"],
    queryFn: overviewApi.stats,
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
  if (stats.isPending) return <FullScreenLoading text="Loading admin dashboard..." />;
  const s = stats.data;
  const cards = [
    {
      label: "Total Users",
      value: s?.users.total ?? 0,
      note: `+${s?.users.new_this_month ?? 0} this month`,
      Icon: Users,
    },
    { label: "Active Cases", value: s?.cases.active ?? 0, note: `${s?.cases.total ?? 0} total`, Icon: Briefcase },
    {
      label: "Documents",
      value: s?.documents.total ?? 0,
      note: `${s?.documents.generated ?? 0} generated`,
      Icon: FileText,
    },
    {
      label: "AI Queries Today",
      value: s?.ai.queries_today ?? 0,
      note: `${s?.ai.average_response_time ?? 0}s average response time`,
      Icon: Activity,
    },
  ];
  return (
    <>
      <PageHeader title="Overview" description="How LawGuide is doing today." />
      <section aria-labelledby="overview-figures">
        <h2 id="overview-figures" className="sr-only">
          Key figures
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {cards.map(({ label, value, note, Icon }) => (
            <li key={label}>
              <Card className="h-full p-5">
                <div className="flex items-center justify-between">
                  <h3 className="text-sm font-semibold text-slate-600">{label}</h3>
                  <Icon className="size-5 text-primary-700" aria-hidden />
                </div>
                <p className="mt-2 text-3xl font-bold text-slate-900">{value.toLocaleString("en-US")}</p>
                <p className="mt-1 text-sm text-slate-600">{note}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <Charts />
      <RecentActivity />
    </>
  );
}

const sum = (points: AdminCharts["aiQueriesPerDay"]) => points.reduce((total, p) => total + (p.value ?? 0), 0);

function Charts() {
  const charts = useQuery({
    queryKey: ["admin", "charts"],
    queryFn: overviewApi.charts,
    refetchInterval: CHARTS_REFRESH_MS,
  });
  return (
    <section aria-labelledby="overview-charts" className="mt-8">
      <h2 id="overview-charts" className="mb-3 text-lg font-semibold text-slate-900">
        Last 30 days
      </h2>
      {charts.isPending ? (
        <div className="grid gap-4 lg:grid-cols-3" aria-busy="true">
          <p role="status" className="sr-only">
            Loading the charts…
          </p>
          {["members", "queries", "time"].map((key) => (
            <Skeleton key={key} className="h-52 w-full" />
          ))}
        </div>
      ) : charts.isError ? (
        <Alert tone="danger">The charts could not be loaded. They will be tried again in a minute.</Alert>
      ) : (
        <ChartGrid data={charts.data} />
      )}
    </section>
  );
}

function ChartGrid({ data }: { data: AdminCharts }) {
  const members = sum(data.newMembersPerWeek);
  const queries = sum(data.aiQueriesPerDay);
  const answered = data.averageAnswerSecondsPerDay.filter((p) => p.value !== null);
  const weightedSeconds = data.averageAnswerSecondsPerDay.reduce(
    (total, p, i) => total + (p.value ?? 0) * (data.aiQueriesPerDay[i]?.value ?? 0),
    0,
  );
  const overall = queries > 0 ? Math.round((weightedSeconds / queries) * 10) / 10 : null;
  const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <MiniChart
        title="New members per week"
        summary={`${plural(members, "new member", "new members")} in ${plural(data.newMembersPerWeek.length, "week", "weeks")}.`}
        points={data.newMembersPerWeek}
        kind="bar"
        periodLabel="Week of"
        valueLabel="New members"
        formatPeriod={(date) => `Week of ${chartDay(date)}`}
      />
      <MiniChart
        title="AI queries per day"
        summary={`${plural(queries, "query", "queries")} answered in 30 days.`}
        points={data.aiQueriesPerDay}
        kind="bar"
        periodLabel="Day"
        valueLabel="AI queries"
      />
      <MiniChart
        title="Average answer time per day"
        summary={
          overall === null
            ? "No answers in 30 days."
            : `${overall}s on average over ${plural(answered.length, "day", "days")} with answers.`
        }
        points={data.averageAnswerSecondsPerDay}
        kind="line"
        periodLabel="Day"
        valueLabel="Average answer time"
        formatValue={(v) => `${v.toLocaleString("en-US", { maximumFractionDigits: 1 })}s`}
      />
    </div>
  );
}
