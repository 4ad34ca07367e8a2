import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
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
 * only administrators read (the admin dashboard, /dev/outbox). The server log names each mail by
 * its subject alone: its links (a password reset's among them) never reach the log.
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
      // Never its text: a password-reset link is a key to the account, and logs travel further.
      logger.info(
        { subject: mail.subject },
        "mail kept in the outbox (no SMTP_URL); administrators read it in the admin dashboard or at /dev/outbox",
      );
    },
    outbox: (limit = 50) => listOutboxMail(db, limit),
    close: () => {},
  };
}
