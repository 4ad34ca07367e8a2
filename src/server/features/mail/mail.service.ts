import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { redactText } from "../../lib/logger";
import { insertOutboxMail, listOutboxMail } from "./mail.queries";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  kind: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
  /** Most recent outbox mail (outbox mode). */
  outbox(limit?: number): ReturnType<typeof listOutboxMail>;
  close(): void;
}

/**
 * Mail goes through SMTP when SMTP_URL is set; otherwise it is written to the outbox table, which
 * the server logs and /dev/outbox lists (embedded mode).
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string }, db: Db, logger: Logger): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
      },
      outbox: (limit = 50) => listOutboxMail(db, limit),
      close: () => transport.close(),
    };
  }
  return {
    kind: "outbox",
    async send(mail) {
      await insertOutboxMail(db, { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
      logger.info({ to: mail.to, subject: mail.subject }, "mail written to the outbox (no SMTP_URL); see /dev/outbox");
    },
    outbox: (limit = 50) => listOutboxMail(db, limit),
    close: () => {},
  };
}

export function describeSmtp(url: string | undefined): string {
  return url ? redactText(url) : "outbox";
}
