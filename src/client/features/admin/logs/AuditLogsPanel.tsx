import { Badge } from "@client/components/ui/Badge";
import { auditSubject, describeAuditLog } from "@shared/log-sentences";
import type { AuditLogView } from "@shared/schemas/admin";
import { FilterSelect, LogFilterForm, TextFilter, UserFilter } from "./filter-fields";
import { FieldList, LogEntry, originFields } from "./LogEntry";
import { LogList } from "./LogList";
import { type FieldContext, type LogField, shortId, TABLE_NAMES, tableName } from "./log-fields";
import { logsApi, NO_AUDIT_FILTERS } from "./logs-api";
import { useLogFilters } from "./use-log-filters";
import { auditValues, ValuesDiff } from "./ValuesDiff";

/** The audit trail (spec section 3 'Audit log'): who changed what, old and new values side by side. */
export function AuditLogsPanel() {
  const { draft, set, logs, formProps } = useLogFilters("audit", NO_AUDIT_FILTERS, logsApi.audit);

  return (
    <>
      <LogFilterForm label="Filter the audit trail" {...formProps}>
        <UserFilter value={draft.user} onChange={set("user")} />
        <TextFilter
          label="Action contains"
          help="Part of the action's name in the raw record, such as settings or user.update"
          value={draft.action}
          onChange={set("action")}
          maxLength={100}
        />
        <FilterSelect
          label="Table"
          value={draft.table}
          onChange={set("table")}
          options={[["", "All tables"], ...Object.entries(TABLE_NAMES)]}
        />
      </LogFilterForm>
      <LogList query={logs} renderItem={(row) => <AuditRow row={row} />} noun="audit entries" />
    </>
  );
}

/** What each audited table's record is called beside its id. */
const RECORD_NOUNS: Record<string, string> = {
  user: "Member",
  login_attempts: "Member",
  subscriptions: "Member",
  cases: "Case",
  attorneys: "Attorney",
  attorney_referrals: "Referral",
  ai_models: "AI model",
};

/**
 * The record an audit row changed, when its sentence does not name it already: the settings'
 * section is in the sentence, a member's e-mail or an attorney's name too; anything else by its
 * short id (or the author's name, when they changed their own account).
 */
function recordField(row: AuditLogView): LogField | null {
  if (!row.recordId || row.tableName === "system_settings" || auditSubject(row)) return null;
  const label = (row.tableName && RECORD_NOUNS[row.tableName]) || "Record";
  const value = row.user && row.user.id === row.recordId ? row.user.name : shortId(row.recordId);
  return { key: "recordId", label, value };
}

/** One audit row: the change as a sentence, what changed in words, the raw record on request. */
function AuditRow({ row }: { row: AuditLogView }) {
  const { user, ...record } = row;
  const context: FieldContext = {
    table: row.tableName,
    section: row.tableName === "system_settings" ? row.recordId : null,
    author: user,
  };
  const target = recordField(row);
  return (
    <LogEntry
      badges={row.tableName ? <Badge tone="slate">{tableName(row.tableName)}</Badge> : null}
      sentence={describeAuditLog(row).text}
      user={user}
      userId={row.userId}
      at={row.createdAt}
      record={record}
    >
      <ValuesDiff values={auditValues(row.oldValues, row.newValues, { ...context, recordId: row.recordId })} />
      <FieldList fields={[...(target ? [target] : []), ...originFields(row)]} />
    </LogEntry>
  );
}
