import { DEFAULT_SETTINGS, type SystemSettings } from "@shared/schemas/settings";
import type { SessionUser } from "@shared/session";
import { describe, expect, it, vi } from "vitest";
import { sessionUser } from "../../../../tests/factories/fake-api";
import type { Mail } from "./mail.service";
import { createMemberNotifier, type MemberMailKind } from "./notify-member";

const member = sessionUser({ id: "member-1", email: "ana@example.com", firstName: "Ana" });

function setup(options: {
  notifications?: Partial<SystemSettings["notifications"]>;
  member?: SessionUser | null;
  send?: (mail: Mail) => Promise<string>;
}) {
  const sent: Mail[] = [];
  const settings: SystemSettings = {
    ...DEFAULT_SETTINGS,
    notifications: { ...DEFAULT_SETTINGS.notifications, ...options.notifications },
  };
  const notifier = createMemberNotifier({
    settings: { get: async () => settings },
    accounts: { getSessionUser: async (id) => (options.member === undefined ? { ...member, id } : options.member) },
    mailer: {
      send:
        options.send ??
        (async (mail) => {
          sent.push(mail);
          return `job-${sent.length}`;
        }),
      wake: () => {},
    },
    unsubscribe: { linkFor: (id) => `https://lawguide.test/unsubscribe?for=${id}` },
  });
  const compose = vi.fn((to: SessionUser, current: SystemSettings, unsubscribeUrl: string) => ({
    subject: `News from ${current.general.siteName}`,
    text: `Hello ${to.firstName}. Stop: ${unsubscribeUrl}`,
    html: `<p>Hello ${to.firstName}</p>`,
  }));
  const notify = (kind: MemberMailKind) => notifier.notifyMember(member.id, kind, compose);
  return { sent, compose, notify, notifications: settings.notifications };
}

describe("notifyMember: may this member get a mail of this kind", () => {
  it("sends the composed mail to the member when every switch is on", async () => {
    const { sent, compose, notify } = setup({});
    await expect(notify("payment")).resolves.toBe(true);
    await expect(notify("caseUpdate")).resolves.toBe(true);
    await expect(notify("welcome")).resolves.toBe(true);
    expect(compose).toHaveBeenCalledWith(
      expect.objectContaining({ id: member.id }),
      expect.anything(),
      "https://lawguide.test/unsubscribe?for=member-1",
    );
    const mail = {
      to: member.email,
      subject: `News from ${DEFAULT_SETTINGS.general.siteName}`,
      text: "Hello Ana. Stop: https://lawguide.test/unsubscribe?for=member-1",
      html: "<p>Hello Ana</p>",
      headers: {
        "List-Unsubscribe": "<https://lawguide.test/unsubscribe?for=member-1>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
    expect(sent).toEqual([
      { ...mail, kind: "payment" },
      { ...mail, kind: "case-update" },
      { ...mail, kind: "welcome" },
    ]);
  });

  it("sends nothing of any kind while e-mail notifications are off", async () => {
    const { sent, compose, notify } = setup({ notifications: { enableEmailNotifications: false } });
    await expect(notify("payment")).resolves.toBe(false);
    await expect(notify("caseUpdate")).resolves.toBe(false);
    await expect(notify("welcome")).resolves.toBe(false);
    expect(compose).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it("follows each kind's own switch: welcome, payment and case-update mail", async () => {
    const noWelcome = setup({ notifications: { welcomeEmailEnabled: false } });
    await expect(noWelcome.notify("welcome")).resolves.toBe(false);
    await expect(noWelcome.notify("payment")).resolves.toBe(true);
    expect(noWelcome.sent.map((m) => m.kind)).toEqual(["payment"]);

    const noPayments = setup({ notifications: { paymentEmailEnabled: false } });
    await expect(noPayments.notify("payment")).resolves.toBe(false);
    await expect(noPayments.notify("caseUpdate")).resolves.toBe(true);
    expect(noPayments.sent).toHaveLength(1);

    const noCaseUpdates = setup({ notifications: { caseUpdateEmailEnabled: false } });
    await expect(noCaseUpdates.notify("caseUpdate")).resolves.toBe(false);
    await expect(noCaseUpdates.notify("payment")).resolves.toBe(true);
    expect(noCaseUpdates.sent).toHaveLength(1);
  });

  it("sends nothing to a member who turned e-mail notifications off, or to no member", async () => {
    const optedOut = setup({
      member: { ...member, preferences: { ...member.preferences, emailNotifications: false } },
    });
    await expect(optedOut.notify("payment")).resolves.toBe(false);
    expect(optedOut.compose).not.toHaveBeenCalled();
    expect(optedOut.sent).toEqual([]);

    const gone = setup({ member: null });
    await expect(gone.notify("caseUpdate")).resolves.toBe(false);
    expect(gone.sent).toEqual([]);
  });

  it("sends the administrators' notice to the notification address while notifications are on", async () => {
    const on = setup({ notifications: { adminNotificationEmail: "desk@lawguide.test" } });
    const notice = () => ({ subject: "New referral", text: "A member asked", html: "<p>A member asked</p>" });
    const admins = (s: ReturnType<typeof setup>) =>
      createMemberNotifier({
        settings: {
          get: async () => ({
            ...DEFAULT_SETTINGS,
            notifications: { ...DEFAULT_SETTINGS.notifications, ...s.notifications },
          }),
        },
        accounts: { getSessionUser: async () => null },
        mailer: {
          send: async (mail) => {
            s.sent.push(mail);
            return "job";
          },
          wake: () => {},
        },
        unsubscribe: { linkFor: () => "" },
      });
    await expect(admins(on).notifyAdministrators(notice)).resolves.toBe(true);
    expect(on.sent).toEqual([{ to: "desk@lawguide.test", ...notice(), kind: "referral-notice" }]);

    const off = setup({ notifications: { enableEmailNotifications: false } });
    await expect(admins(off).notifyAdministrators(notice)).resolves.toBe(false);
    expect(off.sent).toEqual([]);
  });

  it("lets a failed send reach the caller", async () => {
    const { notify } = setup({ send: () => Promise.reject(new Error("SMTP down")) });
    await expect(notify("payment")).rejects.toThrow("SMTP down");
  });
});
