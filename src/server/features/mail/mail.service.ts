import nodemailer from "nodemailer";
import type { Db, DbOrTx } from "../../db/client";
import { type JobQueue, type JobState, PermanentJobError } from "../../lib/jobs";
import type { Logger } from "../../lib/logger";
import {
  forgetExpiredUnsubscribeLinks,
  forgetOldMailSends,
  keepInOutbox,
  listOutboxMail,
  mailAlreadySent,
  recordMailSent,
} from "./mail.queries";

/** What a mail is about: account mails (reset, verification) go out whatever the notification settings say. */
export type MailKind = "account" | "welcome" | "case-update" | "referral-notice" | "payment" | "key-date";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: MailKind;
  /** Extra headers (List-Unsubscribe on mail a member can stop). */
  headers?: Record<string, string>;
}

/** The job queue that carries every mail. */
export const MAIL_QUEUE = "mail";

export interface MailDelivery {
  id: string;
  to: string;
  subject: string;
  kind: MailKind;
  state: "queued" | "sending" | "sent" | "retrying" | "failed" | "cancelled";
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  queuedAt: Date;
  nextTryAt: Date | null;
  sentAt: Date | null;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Wait before the first retry; each next wait doubles (with jitter). */
  retryDelaySeconds: number;
}

/**
 * Hands one mail on: to the SMTP server when SMTP_URL is set, else to the outbox table. The send
 * is recorded under the mail's job id, so the same job run again (after a crash, or a try that
 * failed after the send) does not send a second copy (decision 019).
 */
export function createMailDelivery(
  options: Pick<MailerOptions, "smtpUrl" | "from">,
  db: Db,
  logger: Logger,
): { kind: "smtp" | "outbox"; deliver(mail: Mail, jobId: string): Promise<void>; close(): void } {
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        // A mail server that does not answer fails this try soon; the queue tries again later.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      })
    : null;
  const kind: "smtp" | "outbox" = transport ? "smtp" : "outbox";

  async function deliver(mail: Mail, jobId: string): Promise<void> {
    if (await mailAlreadySent(db, jobId)) return;
    if (transport) {
      await sendOrRefuse(transport, {
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        // One Message-ID per mail, the same on every try: a mail client shows a copy sent twice once.
        messageId: `<${jobId}@lawguide.mail>`,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      await recordMailSent(db, jobId);
      logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
      return;
    }
    await keepInOutbox(db, { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null }, jobId);
    // Never its text: a password-reset link is a key to the account, and logs travel further.
    logger.info(
      { subject: mail.subject },
      "mail kept in the outbox (no SMTP_URL); administrators read it in the admin dashboard or at /dev/outbox",
    );
  }

  return { kind, deliver, close: () => transport?.close() };
}

/**
 * Hand the mail to the SMTP server. A permanent refusal (a 5xx answer, such as an unknown
 * address) fails the mail for good at once; anything else (no answer, a 4xx "try later") is
 * tried again later.
 */
async function sendOrRefuse(
  transport: ReturnType<typeof nodemailer.createTransport>,
  message: Parameters<ReturnType<typeof nodemailer.createTransport>["sendMail"]>[0],
): Promise<void> {
  try {
    await transport.sendMail(message);
  } catch (error) {
    const code = (error as { responseCode?: unknown }).responseCode;
    if (typeof code === "number" && code >= 500) {
      throw new PermanentJobError(`the mail server refused the mail (${code}): ${(error as Error).message}`);
    }
    throw error;
  }
}

/**
 * Every mail goes through the job queue: `send` stores it as a job and returns at once, and a
 * worker (in whichever server process takes it) hands it to the SMTP server when SMTP_URL is set,
 * or writes it to the outbox table, which only administrators read (the admin dashboard,
 * /dev/outbox). A failed try is retried with a growing delay for about a day; a mail that still
 * fails is kept as a failed job that an administrator can retry. Each send is recorded before the
 * job is marked done, so a job tried again after a crash does not send it twice (decision 019).
 * The server log names each mail by its subject alone: its links (a password reset's among them)
 * never reach the log.
 */
export function createMailer(options: MailerOptions, db: Db, jobs: JobQueue, logger: Logger) {
  const { kind, deliver, close } = createMailDelivery(options, db, logger);

  jobs.define<Mail>(MAIL_QUEUE, {
    // With the default 15 s: 13 tries over about a day (15 s, 30 s, 1 min... up to 8.5 h apart).
    retryLimit: 12,
    retryDelaySeconds: options.retryDelaySeconds,
    expireInSeconds: 120,
    handle: (mail, job) => deliver(mail, job.id),
  });

  return {
    kind,

    /**
     * Queue a mail; it is sent (or written to the outbox) by the queue's worker. Returns its job's
     * id. With `tx`, queued by that transaction, with the change that causes it: call `wake` once
     * it has committed.
     */
    send: (mail: Mail, tx?: DbOrTx): Promise<string> => jobs.send(MAIL_QUEUE, mail, tx),

    /** Wake this process's mail worker: mails queued by a transaction that has now committed. */
    wake: () => jobs.nudge(MAIL_QUEUE),

    /** Most recent outbox mail (outbox mode). */
    outbox: (limit = 50) => listOutboxMail(db, limit),

    /** The newest mails and where each is: queued, sent, being retried or failed for good. */
    async deliveries(limit: number, onlyFailed = false): Promise<MailDelivery[]> {
      const rows = await jobs.list(MAIL_QUEUE, limit, onlyFailed ? ["failed"] : undefined);
      return rows.map(toDelivery);
    },

    /** Housekeeping: send records older than any job kept (30 days), and spent unsubscribe links past expiry. */
    async forgetOldRecords(): Promise<void> {
      await forgetOldMailSends(db, new Date(Date.now() - 31 * 86_400_000));
      await forgetExpiredUnsubscribeLinks(db);
    },

    /** One mail and where it is, or null. */
    async delivery(id: string): Promise<MailDelivery | null> {
      const job = await jobs.get(MAIL_QUEUE, id);
      return job ? toDelivery(job) : null;
    },

    /** Mails that failed for good and wait for an administrator. */
    failedCount: () => jobs.count(MAIL_QUEUE, "failed"),

    /** Try a failed mail again now: "retried", or why not (no such mail; not failed). */
    async retry(id: string): Promise<"retried" | "missing" | "not-failed"> {
      const job = await jobs.get(MAIL_QUEUE, id);
      if (!job) return "missing";
      if (job.state !== "failed") return "not-failed";
      await jobs.retry(MAIL_QUEUE, id);
      return "retried";
    },

    /** Resolve once no mail is waiting to be sent now (tests, and before a clean stop). */
    async drain(timeoutMs = 10_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      while ((await jobs.pending(MAIL_QUEUE)) > 0) {
        if (Date.now() > until) throw new Error("mail still queued after the wait");
        jobs.nudge(MAIL_QUEUE);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },

    close,
  };
}

export type Mailer = ReturnType<typeof createMailer>;

const DELIVERY_STATES: Record<JobState["state"], MailDelivery["state"]> = {
  created: "queued",
  active: "sending",
  completed: "sent",
  retry: "retrying",
  failed: "failed",
  cancelled: "cancelled",
};

function toDelivery(job: JobState): MailDelivery {
  const data = job.data as Partial<Mail>;
  return {
    id: job.id,
    to: String(data.to ?? ""),
    subject: String(data.subject ?? ""),
    kind: (data.kind ?? "account") as MailKind,
    state: DELIVERY_STATES[job.state],
    attempts: job.state === "created" ? 0 : job.retryCount + 1,
    maxAttempts: job.retryLimit + 1,
    lastError: job.lastError,
    queuedAt: job.createdOn,
    nextTryAt: job.state === "retry" || job.state === "created" ? job.startAfter : null,
    sentAt: job.state === "completed" ? job.completedOn : null,
  };
}
