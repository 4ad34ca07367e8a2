import { Badge } from "@client/components/ui/Badge";
import { Card } from "@client/components/ui/Card";
import { Field, Input } from "@client/components/ui/Field";
import type { AuditLogView } from "@shared/schemas/admin";
import { useId } from "react";
import { LogFilterForm, TextFilter, UserFilter } from "./filter-fields";
import { LogList, RequestOrigin, RowByline } from "./LogList";
import { logsApi, NO_AUDIT_FILTERS } from "./logs-api";
import { useLogFilters } from "./use-log-filters";
import { ValuesDiff } from "./ValuesDiff";

/** Tables audit rows name, offered as suggestions (the filter takes any exact name). */
const KNOWN_TABLES = [
  "user",
  "user_profiles",
  "cases",
  "case_messages",
  "documents",
  "attorneys",
  "referrals",
  "ai_models",
  "system_settings",
  "login_attempts",
  "subscriptions",
  "testimonials",
];

/** The audit trail (spec section 3 'Audit log'): who changed what, old and new values side by side. */
export function AuditLogsPanel() {
  const tablesId = useId();
  const { draft, set, logs, formProps } = useLogFilters("audit", NO_AUDIT_FILTERS, logsApi.audit);

  return (
    <>
      <LogFilterForm label="Filter the audit trail" {...formProps}>
        <UserFilter value={draft.user} onChange={set("user")} />
        <TextFilter
          label="Action contains"
          help="For example settings or user.update"
          value={draft.action}
          onChange={set("action")}
          maxLength={100}
        />
        <Field label="Table" help="The table's exact name" className="col-span-2 sm:col-span-1">
          {(props) => (
            <>
              <Input
                {...props}
                list={tablesId}
                value={draft.table}
                onChange={(e) => set("table")(e.target.value)}
                maxLength={100}
              />
              <datalist id={tablesId}>
                {KNOWN_TABLES.map((t) => (
                  <option key={t} value={t} />
                ))}
              </datalist>
            </>
          )}
        </Field>
      </LogFilterForm>
      <LogList query={logs} renderItem={(row) => <AuditRow row={row} />} noun="audit entries" />
    </>
  );
}

function AuditRow({ row }: { row: AuditLogView }) {
  return (
    <Card className="p-4">
      <article aria-label={`${row.action}${row.tableName ? ` on ${row.tableName}` : ""}`}>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-semibold break-all text-slate-900">{row.action}</span>
          {row.tableName ? <Badge tone="slate">{row.tableName}</Badge> : null}
          {row.recordId ? (
            <span className="text-xs break-all text-slate-600">
              Record <span className="font-mono">{row.recordId}</span>
            </span>
          ) : null}
        </div>
        <RowByline user={row.user} userId={row.userId} at={row.createdAt} />
        <ValuesDiff before={row.oldValues} after={row.newValues} caption="Old and new values" />
        <RequestOrigin ipAddress={row.ipAddress} userAgent={row.userAgent} />
      </article>
    </Card>
  );
}
