import type { SystemSettings } from "@shared/schemas/settings";
import type { SessionUser } from "@shared/session";
import type { AccountService } from "../account/account.service";
import type { SettingsService } from "../settings/settings.service";
import type { Mail, Mailer } from "./mail.service";

/** The kinds of mail LawGuide sends a member on its own, each with its switch in the notification settings. */
const KIND_SWITCHES = {
  payment: "paymentEmailEnabled",
  caseUpdate: "caseUpdateEmailEnabled",
} as const satisfies Record<string, keyof SystemSettings["notifications"]>;

export type MemberMailKind = keyof typeof KIND_SWITCHES;

/** A mail to a member, written once the member and the settings in force are known. */
export type ComposeMemberMail = (member: SessionUser, settings: SystemSettings) => Pick<Mail, "subject" | "text">;

/**
 * Mail to members about their own account, cases and referrals, sent only when it may be: the
 * notifications are on, this kind of mail is on (notification settings), and the member's profile
 * asks for e-mail notifications.
 */
export function createMemberNotifier(deps: {
  settings: Pick<SettingsService, "get">;
  accounts: Pick<AccountService, "getSessionUser">;
  mailer: Pick<Mailer, "send">;
}) {
  const { settings, accounts, mailer } = deps;
  return {
    /** Mail the member when the settings and their preferences allow; true when it was sent. A failed send throws. */
    async notifyMember(userId: string, kind: MemberMailKind, compose: ComposeMemberMail): Promise<boolean> {
      const current = await settings.get();
      const { notifications } = current;
      if (!notifications.enableEmailNotifications || !notifications[KIND_SWITCHES[kind]]) return false;
      const member = await accounts.getSessionUser(userId);
      if (!member?.preferences.emailNotifications) return false;
      await mailer.send({ to: member.email, ...compose(member, current) });
      return true;
    },
  };
}

export type MemberNotifier = ReturnType<typeof createMemberNotifier>;
