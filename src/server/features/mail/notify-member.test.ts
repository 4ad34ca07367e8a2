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
  send?: (mail: Mail) => Promise<void>;
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
        }),
    },
  });
  const compose = vi.fn((to: SessionUser, current: SystemSettings) => ({
    subject: `News from ${current.general.siteName}`,
    text: `Hello ${to.firstName}`,
  }));
  const notify = (kind: MemberMailKind) => notifier.notifyMember(member.id, kind, compose);
  return { sent, compose, notify };
}

describe("notifyMember: may this member get a mail of this kind", () => {
  it("sends the composed mail to the member when every switch is on", async () => {
    const { sent, compose, notify } = setup({});
    await expect(notify("payment")).resolves.toBe(true);
    await expect(notify("caseUpdate")).resolves.toBe(true);
    expect(compose).toHaveBeenCalledWith(expect.objectContaining({ id: member.id }), expect.anything());
    expect(sent).toEqual([
      { to: member.email, subject: `News from ${DEFAULT_SETTINGS.general.siteName}`, text: "Hello Ana" },
      { to: member.email, subject: `News from ${DEFAULT_SETTINGS.general.siteName}`, text: "Hello Ana" },
    ]);
  });

  it("sends nothing of any kind while e-mail notifications are off", async () => {
    const { sent, compose, notify } = setup({ notifications: { enableEmailNotifications: false } });
    await expect(notify("payment")).resolves.toBe(false);
    await expect(notify("caseUpdate")).resolves.toBe(false);
    expect(compose).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it("follows each kind's own switch: payment mail and case-update mail", async () => {
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

  it("lets a failed send reach the caller", async () => {
    const { notify } = setup({ send: () => Promise.reject(new Error("SMTP down")) });
    await expect(notify("payment")).rejects.toThrow("SMTP down");
  });
});
