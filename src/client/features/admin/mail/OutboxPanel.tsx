import { Alert } from "@client/components/ui/Alert";
import { Card } from "@client/components/ui/Card";
import { EmptyState } from "@client/components/ui/EmptyState";
import { Skeleton } from "@client/components/ui/Skeleton";
import { apiFetch } from "@client/lib/api";
import { formatDateTime } from "@shared/dates";
import type { OutboxList } from "@shared/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { Fragment } from "react";

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/** A mail's text with its links made clickable (the text itself is never read as HTML). */
function MailText({ text }: { text: string }) {
  let offset = 0;
  const parts = text.split(LINK).map((part, i) => {
    const at = offset;
    offset += part.length;
    return { at, part, link: i % 2 === 1 };
  });
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-800">
      {parts.map(({ at, part, link }) =>
        link ? (
          <a key={`l${at}`} href={part} className="font-semibold text-primary-800 underline">
            {part}
          </a>
        ) : (
          <Fragment key={`t${at}`}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

/**
 * The mail LawGuide kept instead of sending it (no SMTP server configured): password-reset links
 * and notices, newest first. Only administrators reach it.
 */
export function OutboxPanel() {
  const outbox = useQuery({
    queryKey: ["admin", "outbox"],
    queryFn: () => apiFetch<OutboxList>("/api/admin/outbox"),
  });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">
        The mail itself, newest first. Reset links in it let anyone into an account: share them only with their owner.
      </p>
      {outbox.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <p className="sr-only">Loading the outbox</p>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : outbox.isError ? (
        <Alert tone="danger">The outbox could not be loaded. Please try again.</Alert>
      ) : (
        <>
          {outbox.data.kind === "smtp" ? (
            <Alert tone="info" className="mb-4">
              A mail server is configured, so new mail is sent rather than kept here.
            </Alert>
          ) : null}
          {outbox.data.mails.length === 0 ? (
            <EmptyState icon={<Mail className="size-6" aria-hidden />} title="No mail yet">
              Mail appears here when LawGuide would have sent it: password resets and notices.
            </EmptyState>
          ) : (
            <ul className="space-y-3">
              {outbox.data.mails.map((mail) => (
                <li key={mail.id}>
                  <Card className="p-4">
                    <article aria-labelledby={`mail-${mail.id}`}>
                      <h2 id={`mail-${mail.id}`} className="text-base font-semibold text-slate-900">
                        {mail.subject}
                      </h2>
                      <p className="mb-2 text-sm text-slate-600">
                        To {mail.to} · <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
                      </p>
                      <MailText text={mail.text} />
                    </article>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
