import type { SystemSettings } from "@shared/schemas/settings";
import type { SessionUser } from "@shared/session";
import type { AccountService } from "../account/account.service";
import type { SettingsService } from "../settings/settings.service";
import type { Mailer, MailKind } from "./mail.service";
import type { ComposedMail } from "./templates";
import type { UnsubscribeLinks } from "./unsubscribe";

/** The kinds of mail LawGuide sends a member on its own, each with its switch in the notification settings. */
const KIND_SWITCHES = {
  welcome: "welcomeEmailEnabled",
  payment: "paymentEmailEnabled",
  caseUpdate: "caseUpdateEmailEnabled",
} as const satisfies Record<string, keyof SystemSettings["notifications"]>;

const MAIL_KINDS = {
  welcome: "welcome",
  payment: "payment",
  caseUpdate: "case-update",
} as const satisfies Record<MemberMailKind, MailKind>;

export type MemberMailKind = keyof typeof KIND_SWITCHES;

/** A mail to a member, written once the member, the settings in force and their unsubscribe link are known. */
export type ComposeMemberMail = (member: SessionUser, settings: SystemSettings, unsubscribeUrl: string) => ComposedMail;

/**
 * Mail LawGuide sends on its own, queued only when it may be sent: the notifications are on, this
 * kind of mail is on (notification settings), and, for a member, their profile asks for e-mail
 * notifications. A member's mail carries their unsubscribe link, in its text and as the
 * `List-Unsubscribe` header mail clients offer as one click.
 */
export function createMemberNotifier(deps: {
  settings: Pick<SettingsService, "get">;
  accounts: Pick<AccountService, "getSessionUser">;
  mailer: Pick<Mailer, "send">;
  unsubscribe: Pick<UnsubscribeLinks, "linkFor">;
}) {
  const { settings, accounts, mailer, unsubscribe } = deps;
  return {
    /** Queue the mail when the settings and the member's preferences allow; true when it was queued. */
    async notifyMember(userId: string, kind: MemberMailKind, compose: ComposeMemberMail): Promise<boolean> {
      const current = await settings.get();
      const { notifications } = current;
      if (!notifications.enableEmailNotifications || !notifications[KIND_SWITCHES[kind]]) return false;
      const member = await accounts.getSessionUser(userId);
      if (!member?.preferences.emailNotifications) return false;
      const unsubscribeUrl = unsubscribe.linkFor(member.id);
      await mailer.send({
        to: member.email,
        ...compose(member, current, unsubscribeUrl),
        kind: MAIL_KINDS[kind],
        headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
      return true;
    },

    /** Queue a notice to the administrators' address (notification settings), when notifications are on. */
    async notifyAdministrators(compose: (settings: SystemSettings) => ComposedMail): Promise<boolean> {
      const current = await settings.get();
      const { enableEmailNotifications, adminNotificationEmail } = current.notifications;
      if (!enableEmailNotifications || !adminNotificationEmail) return false;
      await mailer.send({ to: adminNotificationEmail, ...compose(current), kind: "referral-notice" });
      return true;
    },
  };
}

export type MemberNotifier = ReturnType<typeof createMemberNotifier>;
