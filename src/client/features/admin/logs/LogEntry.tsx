import { Card } from "@client/components/ui/Card";
import { cn } from "@client/lib/cn";
import type { LogUser } from "@shared/schemas/admin";
import { ChevronRight } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import type { LogField } from "./log-fields";

/** A log row's time to the second (the app's full date and time, with seconds), in the admin's own time zone. */
const logTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium" });

/**
 * One log entry: its badges, what happened as a sentence, who and when, its details (children),
 * and the raw record behind a 'Show raw record' button. The entry is an article named by its
 * sentence.
 */
export function LogEntry({
  badges,
  sentence,
  user,
  userId,
  at,
  record,
  children,
}: {
  badges: ReactNode;
  sentence: string;
  user: LogUser | null;
  userId: string | null;
  at: string;
  /** The row as stored, shown as JSON on request. */
  record: object;
  children?: ReactNode;
}) {
  const sentenceId = useId();
  return (
    <Card className="p-4">
      <article aria-labelledby={sentenceId}>
        <div className="flex flex-wrap items-center gap-2">{badges}</div>
        <p id={sentenceId} className="mt-2 font-medium break-words text-slate-900">
          {sentence}
        </p>
        <RowByline user={user} userId={userId} at={at} />
        {children}
        <RawRecord record={record} />
      </article>
    </Card>
  );
}

/** Who wrote a row, and when. */
export function RowByline({ user, userId, at }: { user: LogUser | null; userId: string | null; at: string }) {
  return (
    <p className="text-sm break-words text-slate-600">
      {user ? (
        <>
          {user.name !== user.email ? <span className="font-medium text-slate-800">{user.name} · </span> : null}
          <span className="break-all">{user.email}</span>
        </>
      ) : userId ? (
        <span>Deleted user</span>
      ) : (
        <span>No signed-in user</span>
      )}
      {" · "}
      <time dateTime={at}>{logTime.format(new Date(at))}</time>
    </p>
  );
}

/** A row's details as labelled fields: the label, then its value in words. */
export function FieldList({ fields, className }: { fields: readonly LogField[]; className?: string }) {
  if (fields.length === 0) return null;
  return (
    <dl
      className={cn(
        "mt-3 grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[minmax(9rem,max-content)_minmax(0,1fr)] sm:gap-x-4",
        className,
      )}
    >
      {fields.map((field) => (
        <div key={field.key} className="contents">
          <dt className="font-semibold text-slate-600">{field.label}</dt>
          <dd className="break-words whitespace-pre-line text-slate-900">{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where a request came from, as fields: its IP address and the browser's own description of itself. */
export function originFields({ ipAddress, userAgent }: { ipAddress: string | null; userAgent: string | null }) {
  const fields: LogField[] = [];
  if (ipAddress) fields.push({ key: "ipAddress", label: "IP address", value: ipAddress });
  if (userAgent) fields.push({ key: "userAgent", label: "Browser", value: userAgent });
  return fields;
}

/** The stored row as JSON, behind a disclosure button: for what the words above leave out. */
function RawRecord({ record }: { record: object }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="-ml-1 inline-flex min-h-9 items-center gap-1 rounded-[var(--radius-control)] px-1 text-sm font-semibold text-primary-800 hover:underline"
      >
        <ChevronRight
          className={cn("size-4 transition-transform duration-150 motion-reduce:transition-none", open && "rotate-90")}
          aria-hidden
        />
        {open ? "Hide raw record" : "Show raw record"}
      </button>
      <div id={id} hidden={!open}>
        {open ? (
          <pre className="mt-2 rounded-[var(--radius-control)] border border-slate-200 bg-slate-50 p-3 font-mono text-xs break-all whitespace-pre-wrap text-slate-800">
            {JSON.stringify(record, null, 2)}
          </pre>
        ) : null}
      </div>
    </div>
  );
}
