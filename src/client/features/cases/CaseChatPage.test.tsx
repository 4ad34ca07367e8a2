import type { CaseDetail, ChatMessage } from "@shared/schemas/cases";
import type { ChatStreamEvent } from "@shared/schemas/streams";
import type { SessionUser } from "@shared/session";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ApiCall, json, sessionUser } from "@tests/factories/fake-api";
import { fakeEventStream } from "@tests/factories/sse";
import { fakeUploadServer, memberUploadRoutes, renderPage, uploadSummary } from "@tests/factories/upload-client";
import { describe, expect, it } from "vitest";
import { CaseChatPage } from "./CaseChatPage";

const CASE_ID = "c0a8f5f2-5b1e-4a8e-9d7c-1f2e3d4c5b6a";
const UPLOAD_ID = "7d0f3c2a-1b4e-4c5d-8e9f-0a1b2c3d4e5f";

const detail = (overrides: Partial<CaseDetail> = {}): CaseDetail => ({
  id: CASE_ID,
  title: "Deposit dispute",
  description: "My landlord kept my deposit.",
  status: "active",
  category: null,
  complexity: null,
  assignedAttorney: null,
  messageCount: 0,
  userMessageCount: 0,
  lastMessageAt: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  replying: false,
  remaining: 10,
  messageLimit: 10,
  ...overrides,
});

const lease = uploadSummary({ id: UPLOAD_ID, caseId: CASE_ID });

const attachment = { id: UPLOAD_ID, fileName: "lease.pdf", mimeType: "application/pdf", sizeBytes: 2048 };

const message = (overrides: Partial<ChatMessage>): ChatMessage => ({
  id: "m1",
  caseId: CASE_ID,
  content: "",
  isUser: true,
  createdAt: "2026-11-20T10:01:00.000Z",
  attachments: [],
  aiProvider: null,
  aiModel: null,
  state: "complete",
  kind: "chat",
  keyDateOffer: null,
  sources: null,
  ...overrides,
});

function renderChat(options: { detail?: Partial<CaseDetail>; plan?: SessionUser["plan"] } = {}) {
  const stream = fakeEventStream<ChatStreamEvent>();
  const { api, xhr } = fakeUploadServer({
    ...memberUploadRoutes({ used: 1 }),
    ...(options.plan ? { "GET /api/me": () => json({ user: sessionUser({ plan: options.plan }) }) } : {}),
    [`GET /api/cases/${CASE_ID}`]: () => json({ case: detail(options.detail) }),
    [`GET /api/cases/${CASE_ID}/messages`]: () => json({ items: [], nextCursor: null }),
    [`POST /api/cases/${CASE_ID}/messages`]: () => stream.response,
  });
  renderPage(<CaseChatPage />, { path: `/dashboard/case/${CASE_ID}`, route: "/dashboard/case/:id" });
  return { api, xhr, stream };
}

describe("case chat near its message limit", () => {
  it("says how many messages are left on the member's own plan", async () => {
    renderChat({ plan: "basic", detail: { remaining: 2, messageLimit: 30, userMessageCount: 28 } });
    const warning = await screen.findByText(/remaining/, { selector: '[role="status"] *' });
    expect(warning.closest('[role="status"]')).toHaveTextContent(
      "2 messages remaining in this case on the Basic plan. Upgrade for unlimited messages",
    );
  });
});

describe("case chat with files", () => {
  it("sends a file alone, shows reading then analysing, then the analysis and the file as a download", async () => {
    const { api, xhr, stream } = renderChat();
    const user = userEvent.setup();
    await screen.findByRole("textbox", { name: "Your message" });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");

    await user.upload(input, new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }));
    expect(xhr.latest().caseId).toBe(CASE_ID);
    const send = screen.getByRole("button", { name: "Send message" });
    expect(send).toBeDisabled();
    await act(async () => xhr.latest().respond(201, { upload: lease, allowance: { used: 2, limit: 3, period: "p" } }));
    expect(send).toBeEnabled();

    await user.click(send);
    const [call] = api.callsTo(`POST /api/cases/${CASE_ID}/messages`) as [ApiCall];
    expect(call.body).toEqual({ content: "", attachments: [UPLOAD_ID] });
    // The chips left the composer: the one list of files is the sent message's.
    const conversation = screen.getByRole("region", { name: "Conversation" });
    expect(within(conversation).getByRole("link", { name: "Download lease.pdf (2 KB)" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove lease.pdf" })).not.toBeInTheDocument();

    const stored = message({ id: "m1", attachments: [attachment] });
    await act(async () => {
      stream.send("message", { message: stored, case: detail({ messageCount: 1, userMessageCount: 1 }) });
      stream.send("status", { stage: "reading", fileName: "lease.pdf" });
    });
    expect(await within(conversation).findByText("Reading lease.pdf…")).toBeInTheDocument();
    expect(screen.getByText("Reading lease.pdf…", { selector: '[role="status"]' })).toBeInTheDocument();

    await act(async () => stream.send("status", { stage: "analysing", fileName: "lease.pdf" }));
    expect(await within(conversation).findByText("Analysing lease.pdf…")).toBeInTheDocument();

    await act(async () => {
      stream.send("start", { provider: "offline", model: "offline" });
      stream.send("delta", { text: "## Document Analysis: lease.pdf\n\nA one-year lease." });
    });
    expect(await within(conversation).findByRole("heading", { name: "Document Analysis: lease.pdf" })).toBeVisible();

    const answer = message({
      id: "m2",
      isUser: false,
      content: "## Document Analysis: lease.pdf\n\nA one-year lease.",
      aiProvider: "offline",
    });
    await act(async () => {
      stream.send("done", { message: answer, case: detail({ messageCount: 2, userMessageCount: 1 }), followUp: null });
      stream.end();
    });
    expect(await within(conversation).findByText("A one-year lease.")).toBeInTheDocument();
    expect(within(conversation).getByRole("link", { name: "Download lease.pdf (2 KB)" })).toHaveAttribute(
      "href",
      `/api/uploads/${UPLOAD_ID}/file`,
    );
    expect(screen.getByText("1/10")).toBeInTheDocument();
  });

  it("keeps the files attached when the message is refused, so they can be sent again", async () => {
    const { api, xhr } = renderChat();
    api.routes[`POST /api/cases/${CASE_ID}/messages`] = () =>
      json({ error: { code: "INVALID_INPUT", message: "File not found" } }, 400);
    const user = userEvent.setup();
    await screen.findByRole("textbox", { name: "Your message" });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    await user.upload(input, new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }));
    await act(async () => xhr.latest().respond(201, { upload: lease, allowance: { used: 2, limit: 3, period: "p" } }));
    await user.click(screen.getByRole("button", { name: "Send message" }));

    expect(await screen.findByText("File not found")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Remove lease.pdf" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send message" })).toBeEnabled();
    const conversation = screen.getByRole("region", { name: "Conversation" });
    expect(within(conversation).queryByRole("link", { name: /lease\.pdf/ })).not.toBeInTheDocument();
  });
});

describe("a date the member states", () => {
  it("offers it after the answer and adds it with the state they choose only when they say yes", async () => {
    const { api, stream } = renderChat();
    const offerId = "0b7a1c9e-2f3d-4e5a-8b6c-7d8e9f0a1b2c";
    api.routes[`POST /api/cases/${CASE_ID}/messages/${offerId}/key-date-offer`] = () =>
      json({ status: "added", keyDate: null });
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Your message" }), "I was fired on 12/1/2026.");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    const offer = message({
      id: offerId,
      isUser: false,
      kind: "key_date_offer",
      content: 'You mentioned a date: "I was fired" on Tuesday, December 1, 2026.',
      keyDateOffer: {
        event: "fired",
        eventLabel: "I was fired or let go",
        eventDate: "2026-12-01",
        eventDateText: "December 1, 2026",
        state: null,
        stateName: null,
        status: "open",
      },
    });
    await act(async () => {
      stream.send("message", { message: message({ id: "m1", content: "I was fired on 12/1/2026." }), case: detail() });
      stream.send("start", { provider: "offline", model: "offline" });
      stream.send("done", {
        message: message({ id: "m2", isUser: false, content: "Final pay rules vary by state." }),
        followUp: null,
        keyDateOffer: offer,
        case: detail({ messageCount: 3, userMessageCount: 1 }),
      });
      stream.end();
    });
    const card = await screen.findByRole("region", { name: "Add this date to your key dates?" }, { timeout: 5000 });
    expect(card).toHaveTextContent("You mentioned: I was fired or let go, December 1, 2026.");
    expect(api.callsTo(`POST /api/cases/${CASE_ID}/messages/${offerId}/key-date-offer`)).toHaveLength(0);

    // No state named in the case: the member picks one before adding.
    await user.click(within(card).getByRole("button", { name: "Add to Key Dates" }));
    expect(await screen.findByText("Please choose the state first.")).toBeInTheDocument();
    expect(api.callsTo(`POST /api/cases/${CASE_ID}/messages/${offerId}/key-date-offer`)).toHaveLength(0);
    await user.selectOptions(within(card).getByRole("combobox", { name: "State" }), "Oregon");
    await user.click(within(card).getByRole("button", { name: "Add to Key Dates" }));
    const [call] = api.callsTo(`POST /api/cases/${CASE_ID}/messages/${offerId}/key-date-offer`) as [ApiCall];
    expect(call.body).toMatchObject({ answer: "add", state: "OR" });
    expect(await within(card).findByText("Added to this case's key dates.")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "See Key Dates" })).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Add to Key Dates" })).not.toBeInTheDocument();
  });
});
