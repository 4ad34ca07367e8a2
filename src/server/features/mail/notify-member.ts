import type { SystemSettings } from "@shared/schemas/settings";
import type { SessionUser } from "@shared/session";
import type { DbOrTx } from "../../db/client";
import type { AccountService } from "../account/account.service";
import type { SettingsService } from "../settings/settings.service";
import type { Mail, Mailer, MailKind } from "./mail.service";
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
  mailer: Pick<Mailer, "send" | "wake">;
  unsubscribe: Pick<UnsubscribeLinks, "linkFor">;
}) {
  const { settings, accounts, mailer, unsubscribe } = deps;

  /**
   * The mail, written, when the settings and the member's preferences allow it; null when they do
   * not. Nothing is queued: a change queues it in its own transaction (`mailer.send(mail, tx)`).
   */
  async function memberMail(userId: string, kind: MemberMailKind, compose: ComposeMemberMail): Promise<Mail | null> {
    const current = await settings.get();
    const { notifications } = current;
    if (!notifications.enableEmailNotifications || !notifications[KIND_SWITCHES[kind]]) return null;
    const member = await accounts.getSessionUser(userId);
    if (!member?.preferences.emailNotifications) return null;
    const unsubscribeUrl = unsubscribe.linkFor(member.id);
    return {
      to: member.email,
      ...compose(member, current, unsubscribeUrl),
      kind: MAIL_KINDS[kind],
      headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  }

  return {
    memberMail,

    /** Queue a written mail; with `tx`, in the change's own transaction (`wake` once it has committed). */
    queue: (mail: Mail, tx?: DbOrTx): Promise<string> => mailer.send(mail, tx),
    wake: (): void => mailer.wake(),

    /** Queue the mail when the settings and the member's preferences allow; true when it was queued. */
    async notifyMember(userId: string, kind: MemberMailKind, compose: ComposeMemberMail): Promise<boolean> {
      const mail = await memberMail(userId, kind, compose);
      if (mail) await mailer.send(mail);
      return mail !== null;
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
