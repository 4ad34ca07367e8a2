import type { MailDeliveryList, MailDeliveryView } from "@shared/schemas/admin";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, fakeApi, json } from "@tests/factories/fake-api";
import { renderSection } from "@tests/factories/render-section";
import { describe, expect, it } from "vitest";
import { MailSection } from "./MailSection";

const FAILED: MailDeliveryView = {
  id: "11111111-1111-4111-8111-111111111111",
  to: "mia@example.com",
  subject: "Welcome to LawGuide",
  kind: "welcome",
  state: "failed",
  attempts: 1,
  maxAttempts: 13,
  lastError: "the mail server refused the mail (550): No such mailbox",
  queuedAt: "2026-11-20T10:00:00.000Z",
  nextTryAt: null,
  sentAt: null,
};
const SENT: MailDeliveryView = {
  ...FAILED,
  id: "22222222-2222-4222-8222-222222222222",
  subject: "Reset your LawGuide password",
  kind: "account",
  state: "sent",
  attempts: 2,
  lastError: null,
  sentAt: "2026-11-20T10:01:00.000Z",
};
const RETRYING: MailDeliveryView = {
  ...FAILED,
  id: "33333333-3333-4333-8333-333333333333",
  subject: "Your LawGuide Premium payment",
  kind: "payment",
  state: "retrying",
  attempts: 3,
  lastError: "connect ECONNREFUSED 127.0.0.1:25",
  nextTryAt: "2026-11-20T10:05:00.000Z",
};

const list = (transport: "smtp" | "outbox", ...deliveries: MailDeliveryView[]): MailDeliveryList => ({
  transport,
  deliveries,
  failedCount: deliveries.filter((d) => d.state === "failed").length,
});

describe("MailSection", () => {
  it("lists mail with where each one is, and retries a failed one", async () => {
    let retried = false;
    const api = fakeApi({
      "GET /api/admin/mail": () =>
        json(list("smtp", retried ? { ...FAILED, state: "queued", lastError: null } : FAILED, SENT, RETRYING)),
      [`POST /api/admin/mail/${FAILED.id}/retry`]: () => {
        retried = true;
        return json({ delivery: { ...FAILED, state: "queued" } });
      },
    });
    renderSection(<MailSection />);
    const mails = await screen.findByRole("list", { name: "Mail, newest first" }, { timeout: 5000 });
    const [failed, sent, retrying] = within(mails).getAllByRole("article");
    expect(within(failed as HTMLElement).getByText("Failed")).toBeInTheDocument();
    expect(
      within(failed as HTMLElement).getByText(/Last error: the mail server refused the mail \(550\)/),
    ).toBeInTheDocument();
    expect(within(failed as HTMLElement).getByText(/Gave up after 1 try\./)).toBeInTheDocument();
    expect(within(sent as HTMLElement).getByText(/^Sent .* after 2 tries\.$/)).toBeInTheDocument();
    expect(within(sent as HTMLElement).queryByRole("button")).toBeNull();
    expect(within(retrying as HTMLElement).getByText("Will retry")).toBeInTheDocument();
    expect(within(retrying as HTMLElement).getByText(/3 tries of 13 so far; next try/)).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Failed (1)" })).toBeInTheDocument();
    // No outbox tab while mail goes to a mail server.
    expect(screen.queryByRole("tab", { name: "Outbox" })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Retry: Welcome to LawGuide to mia@example.com" }));
    expect(api.callsTo(`POST /api/admin/mail/${FAILED.id}/retry`)).toHaveLength(1);
    expect(await screen.findByText('"Welcome to LawGuide" is being sent again.')).toBeInTheDocument();
    expect(await within(mails).findByText("Queued")).toBeInTheDocument();
  });

  it("says why a retry was refused, and shows the outbox tab when mail is kept instead of sent", async () => {
    fakeApi({
      "GET /api/admin/mail": () => json(list("outbox", FAILED)),
      [`POST /api/admin/mail/${FAILED.id}/retry`]: () =>
        apiError(409, "CONFLICT", "That mail is not waiting for a retry: it was sent, or it is still being tried."),
      "GET /api/admin/outbox": () => json({ kind: "outbox", mails: [] }),
    });
    renderSection(<MailSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Retry: / }, { timeout: 5000 }));
    expect(await screen.findByText(/That mail is not waiting for a retry/)).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Outbox" }));
    expect(await screen.findByText("No mail yet")).toBeInTheDocument();
  });
});
