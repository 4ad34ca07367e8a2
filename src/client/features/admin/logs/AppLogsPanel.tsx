import { Badge, type BadgeTone } from "@client/components/ui/Badge";
import { Card } from "@client/components/ui/Card";
import { LOG_CATEGORIES, LOG_LEVELS } from "@shared/constants";
import type { AppLogView } from "@shared/schemas/admin";
import { FilterSelect, LogFilterForm, TextFilter, UserFilter } from "./filter-fields";
import { LogList, RequestOrigin, RowByline } from "./LogList";
import { logsApi, NO_APP_FILTERS } from "./logs-api";
import { useLogFilters } from "./use-log-filters";
import { showValue } from "./ValuesDiff";

const LEVEL_TONES: Record<string, BadgeTone> = { debug: "gray", info: "indigo", warn: "amber", error: "red" };
const CATEGORY_NAMES: Record<string, string> = {
  auth: "Sign-in and accounts",
  payment: "Payments",
  ai: "AI",
  document: "Documents",
  case: "Cases",
  user_action: "Member actions",
};

/** The application logs (spec section 3 'Application log'): filtered, newest first, 25 at a time. */
export function AppLogsPanel() {
  const { draft, set, logs, formProps } = useLogFilters("app", NO_APP_FILTERS, logsApi.app);

  return (
    <>
      <LogFilterForm label="Filter application logs" {...formProps}>
        <FilterSelect
          label="Level"
          value={draft.level}
          onChange={set("level")}
          options={[["", "All levels"], ...LOG_LEVELS.map((l) => [l, l] as const)]}
        />
        <FilterSelect
          label="Category"
          value={draft.category}
          onChange={set("category")}
          options={[["", "All categories"], ...LOG_CATEGORIES.map((c) => [c, CATEGORY_NAMES[c] ?? c] as const)]}
        />
        <UserFilter value={draft.user} onChange={set("user")} />
        <TextFilter label="Message contains" value={draft.message} onChange={set("message")} maxLength={100} />
      </LogFilterForm>
      <LogList query={logs} renderItem={(row) => <AppLogRow row={row} />} noun="application log entries" />
    </>
  );
}

function AppLogRow({ row }: { row: AppLogView }) {
  const metadata = Object.entries(row.metadata ?? {});
  return (
    <Card className="p-4">
      <article aria-label={`${row.level} ${row.category}: ${row.message}`}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={LEVEL_TONES[row.level] ?? "gray"}>{row.level}</Badge>
          <Badge tone="slate">{CATEGORY_NAMES[row.category] ?? row.category}</Badge>
        </div>
        <p className="mt-2 font-medium break-words text-slate-900">{row.message}</p>
        <RowByline user={row.user} userId={row.userId} at={row.createdAt} />
        {metadata.length > 0 ? (
          <dl className="mt-3 grid gap-x-3 gap-y-1 rounded-[var(--radius-control)] bg-slate-50 p-3 text-xs sm:grid-cols-[minmax(6rem,auto)_1fr]">
            {metadata.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-mono font-semibold break-all text-slate-700">{key}</dt>
                <dd className="font-mono break-all whitespace-pre-wrap text-slate-900">{showValue(value)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <RequestOrigin ipAddress={row.ipAddress} userAgent={row.userAgent} />
      </article>
    </Card>
  );
}
