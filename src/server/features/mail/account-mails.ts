import type { SessionUser } from "@shared/session";
import { describeFault, type Logger } from "../../lib/logger";
import type { SettingsService } from "../settings/settings.service";
import type { Mailer } from "./mail.service";
import type { MemberNotifier } from "./notify-member";
import {
  passwordResetMail,
  referralNoticeMail,
  referralReceivedMail,
  signUpAttemptMail,
  verifyEmailMail,
  welcomeMail,
} from "./templates";

/** The mails of the account system (auth calls these; it imports no feature itself). */
export function createAccountMails(deps: {
  mailer: Pick<Mailer, "send">;
  settings: Pick<SettingsService, "get">;
  notifier: Pick<MemberNotifier, "notifyMember">;
  publicUrl: string;
}) {
  const { mailer, settings, notifier, publicUrl } = deps;
  return {
    /** An account mail: sent whatever the notification settings say. */
    async passwordReset(to: string, link: string): Promise<void> {
      const { general } = await settings.get();
      await mailer.send({ to, ...passwordResetMail(general, link), kind: "account" });
    },

    async verifyEmail(to: string, link: string): Promise<void> {
      const { general } = await settings.get();
      await mailer.send({ to, ...verifyEmailMail(general, link), kind: "account" });
    },

    async signUpAttempt(to: string): Promise<void> {
      const { general } = await settings.get();
      const links = { signIn: `${publicUrl}/login`, reset: `${publicUrl}/forgot-password` };
      await mailer.send({ to, ...signUpAttemptMail(general, links), kind: "account" });
    },

    async welcome(userId: string): Promise<void> {
      await notifier.notifyMember(userId, "welcome", (member, { general }, unsubscribeUrl) =>
        welcomeMail(general, {
          firstName: member.firstName,
          dashboardUrl: `${publicUrl}/dashboard/home`,
          unsubscribeUrl,
        }),
      );
    },
  };
}

/** What a referral request is about, for its two mails. */
export interface ReferralRequest {
  kind: "case" | "document review";
  /** The case's or document's title. */
  title: string;
  /** Where the member sees it. */
  link: string;
}

/**
 * A member asked for an attorney (a case referral or a document review): they are told it was
 * received (case updates), and the administrators' address gets a notice. A mail that cannot be
 * queued is logged; the request itself stands.
 */
export function createReferralMails(deps: {
  notifier: Pick<MemberNotifier, "notifyMember" | "notifyAdministrators">;
  publicUrl: string;
  logger: Logger;
}) {
  const { notifier, publicUrl, logger } = deps;
  return {
    async requested(member: SessionUser, request: ReferralRequest): Promise<void> {
      const about = request.kind === "case" ? `your case "${request.title}"` : `your document "${request.title}"`;
      try {
        await notifier.notifyMember(member.id, "caseUpdate", (current, { general }, unsubscribeUrl) =>
          referralReceivedMail(general, { firstName: current.firstName, about, link: request.link, unsubscribeUrl }),
        );
        const name = [member.firstName, member.lastName].filter(Boolean).join(" ");
        await notifier.notifyAdministrators(({ general }) =>
          referralNoticeMail(general, {
            member: name ? `${name} (${member.email})` : member.email,
            about: request.kind === "case" ? `the case "${request.title}"` : `the document "${request.title}"`,
            kind: request.kind,
            link: `${publicUrl}/admin/dashboard?section=attorneys`,
          }),
        );
      } catch (error) {
        logger.warn({ fault: describeFault(error), kind: request.kind }, "referral mail not queued");
      }
    },
  };
}

export type ReferralMails = ReturnType<typeof createReferralMails>;
