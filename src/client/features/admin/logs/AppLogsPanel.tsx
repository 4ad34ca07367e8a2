import { Badge, type BadgeTone } from "@client/components/ui/Badge";
import { LOG_CATEGORIES, LOG_LEVELS } from "@shared/constants";
import { describeAppLog } from "@shared/log-sentences";
import type { AppLogView } from "@shared/schemas/admin";
import { FilterSelect, LogFilterForm, TextFilter, UserFilter } from "./filter-fields";
import { FieldList, LogEntry, originFields } from "./LogEntry";
import { LogList } from "./LogList";
import { LEVEL_NAMES, metadataFields } from "./log-fields";
import { logsApi, NO_APP_FILTERS } from "./logs-api";
import { useLogFilters } from "./use-log-filters";

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
          options={[["", "All levels"], ...LOG_LEVELS.map((l) => [l, LEVEL_NAMES[l] ?? l] as const)]}
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

/** One application log row: what happened as a sentence, its details in words, the raw record on request. */
function AppLogRow({ row }: { row: AppLogView }) {
  const { user, ...record } = row;
  const fields = [...metadataFields(row.metadata, { category: row.category, author: user }), ...originFields(row)];
  return (
    <LogEntry
      badges={
        <>
          <Badge tone={LEVEL_TONES[row.level] ?? "gray"}>{LEVEL_NAMES[row.level] ?? row.level}</Badge>
          <Badge tone="slate">{CATEGORY_NAMES[row.category] ?? row.category}</Badge>
        </>
      }
      sentence={describeAppLog(row).text}
      user={user}
      userId={row.userId}
      at={row.createdAt}
      record={record}
    >
      <FieldList fields={fields} />
    </LogEntry>
  );
}
