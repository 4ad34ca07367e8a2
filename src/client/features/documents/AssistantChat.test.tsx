import { CASES_KEY } from "@client/lib/query";
import type { UploadAnalysisStreamEvent } from "@shared/schemas/streams";
import type { UploadDetail } from "@shared/schemas/uploads";
import { UPLOAD_TEXT } from "@shared/uploads";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json } from "@tests/factories/fake-api";
import { fakeEventStream } from "@tests/factories/sse";
import {
  fakeUploadServer,
  memberUploadRoutes,
  renderPage,
  testQueryClient,
  uploadSummary,
} from "@tests/factories/upload-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AssistantChat } from "./AssistantChat";

const UPLOAD_ID = "7d0f3c2a-1b4e-4c5d-8e9f-0a1b2c3d4e5f";
const CASE_ID = "c0a8f5f2-5b1e-4a8e-9d7c-1f2e3d4c5b6a";
const REPLY = { timeout: 3000 };

const lease = uploadSummary({ id: UPLOAD_ID });

const ANALYSIS = "## Document Analysis: lease.pdf\n\n### Summary\n\nA one-year residential lease.";

function renderAssistant() {
  const stream = fakeEventStream<UploadAnalysisStreamEvent>();
  const queryClient = testQueryClient();
  const { api, xhr } = fakeUploadServer({
    ...memberUploadRoutes({ used: 2, settings: { maxFileUploadSize: 10 } }),
    [`POST /api/uploads/${UPLOAD_ID}/analysis`]: () => stream.response,
    [`POST /api/cases/from-upload/${UPLOAD_ID}`]: () => json({ caseId: CASE_ID }, 201),
  });
  const router = renderPage(<AssistantChat onOpenTemplate={() => {}} onShowTemplates={() => {}} />, {
    path: "/dashboard/create",
    others: [{ path: "/dashboard/case/:id", element: <h1>The case</h1> }],
    queryClient,
  });
  return { api, xhr, stream, router, queryClient };
}

async function askToAnalyse(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Analyse a document" }));
  const choose = await screen.findByRole("button", { name: "Choose a file" }, REPLY);
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  return { choose, input };
}

describe("the Document Center assistant's analysis", () => {
  // jsdom does no layout, and has no scrollIntoView (the assistant scrolls its choices into view).
  beforeEach(() => {
    Element.prototype.scrollIntoView = () => {};
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  it("asks for a file, uploads it, streams the analysis in, and opens a case about it", async () => {
    const { api, xhr, stream, router, queryClient } = renderAssistant();
    const user = userEvent.setup();
    const { choose, input } = await askToAnalyse(user);
    const log = screen.getByRole("log", { name: "Conversation with the Document Assistant" });
    expect(within(log).getByText(/a PDF, a Word file or a photo of a document .* up to 10MB/)).toBeInTheDocument();
    // Focus moves in an effect after the reply renders: wait for it.
    await waitFor(() => expect(choose).toHaveFocus());
    expect(await screen.findByText("2 of 3 uploads used this month")).toBeInTheDocument();
    expect(input).not.toHaveAttribute("multiple");

    await user.upload(input, new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }));
    expect(xhr.latest().caseId).toBeNull();
    const bar = screen.getByRole("progressbar", { name: "Uploading lease.pdf" });
    act(() => xhr.latest().progress(60));
    expect(bar).toHaveAttribute("aria-valuenow", "60");
    await waitFor(() => expect(screen.getByRole("button", { name: "Cancel upload" })).toHaveFocus());

    await act(async () => xhr.latest().respond(201, { upload: lease, allowance: { used: 3, limit: 3, period: "p" } }));
    expect(within(log).getByRole("link", { name: "Download lease.pdf (2 KB)" })).toBeInTheDocument();
    expect(api.callsTo(`POST /api/uploads/${UPLOAD_ID}/analysis`)).toHaveLength(1);
    expect(await screen.findByText("Reading lease.pdf…", { selector: '[role="status"]' })).toBeInTheDocument();

    await act(async () => stream.send("status", { stage: "analysing", fileName: "lease.pdf" }));
    expect(await screen.findByText("Analysing lease.pdf…", { selector: '[role="status"]' })).toBeInTheDocument();
    await act(async () => {
      stream.send("start", { provider: "offline", model: "offline" });
      stream.send("delta", { text: "## Document Analysis: lease.pdf\n\n" });
    });
    expect(await screen.findByRole("heading", { name: "Document Analysis: lease.pdf" })).toBeInTheDocument();

    const analysed: UploadDetail = {
      ...lease,
      status: "ready",
      analysis: ANALYSIS,
      analysedAt: "2026-11-20T10:02:00Z",
    };
    await act(async () => {
      stream.send("done", { upload: analysed });
      stream.end();
    });
    expect(await within(log).findByText("A one-year residential lease.")).toBeInTheDocument();
    const openCase = screen.getByRole("button", { name: "Open a case about this document" });
    await waitFor(() => expect(openCase).toHaveFocus());
    expect(screen.getByRole("button", { name: "Analyse another document" })).toBeInTheDocument();

    // The member's list of cases, read before, is read again: the new case belongs in it.
    const casesList = [...CASES_KEY, "list"];
    queryClient.setQueryData(casesList, { pages: [], pageParams: [] });
    await user.click(openCase);
    expect(await screen.findByRole("heading", { name: "The case" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/case/${CASE_ID}`);
    expect(queryClient.getQueryState(casesList)?.isInvalidated).toBe(true);
  });

  it("says why a file is refused before uploading it, and waits for another", async () => {
    const { xhr } = renderAssistant();
    const user = userEvent.setup({ applyAccept: false });
    const { input } = await askToAnalyse(user);
    await user.upload(input, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(screen.getByText(UPLOAD_TEXT.wrongType).closest('[role="alert"]')).not.toBeNull();
    expect(xhr.requests).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Choose a file" })).toBeEnabled();
  });

  it("takes a file dropped on the chat", async () => {
    const { xhr } = renderAssistant();
    const user = userEvent.setup();
    await askToAnalyse(user);
    const log = screen.getByRole("log");
    const dataTransfer = {
      files: [new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" })],
      types: ["Files"],
    };
    fireEvent.dragEnter(log, { dataTransfer });
    expect(screen.getByText("Drop the file here")).toBeInTheDocument();
    fireEvent.drop(log, { dataTransfer });
    expect(xhr.requests).toHaveLength(1);
    expect(screen.getByRole("progressbar", { name: "Uploading lease.pdf" })).toBeInTheDocument();
  });

  it("explains a used-up monthly allowance and points to Premium", async () => {
    const { xhr } = renderAssistant();
    const user = userEvent.setup();
    const { input } = await askToAnalyse(user);
    await user.upload(input, new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }));
    const text = UPLOAD_TEXT.allowanceReached(3, "Free");
    await act(async () => xhr.latest().respond(402, { error: { code: "PLAN_LIMIT", message: text } }));
    const log = screen.getByRole("log");
    expect(within(log).getByText(text)).toBeInTheDocument();
    expect(within(log).getByRole("link", { name: "See Premium" })).toHaveAttribute("href", "/dashboard/premium");
    expect(screen.getByRole("button", { name: "Choose a file" })).toBeInTheDocument();
  });

  it("tells when the analysis fails, and offers to analyse the file again", async () => {
    const { xhr, stream, api } = renderAssistant();
    const user = userEvent.setup();
    const { input } = await askToAnalyse(user);
    await user.upload(input, new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }));
    await act(async () => xhr.latest().respond(201, { upload: lease, allowance: { used: 3, limit: 3, period: "p" } }));
    await act(async () => {
      stream.send("error", { message: UPLOAD_TEXT.unreadable });
      stream.end();
    });
    const log = screen.getByRole("log");
    expect(await within(log).findByText(UPLOAD_TEXT.unreadable)).toBeInTheDocument();
    const again = screen.getByRole("button", { name: "Analyse again" });
    await waitFor(() => expect(again).toHaveFocus());

    const retry = fakeEventStream<UploadAnalysisStreamEvent>();
    api.routes[`POST /api/uploads/${UPLOAD_ID}/analysis`] = () => retry.response;
    await user.click(again);
    expect(api.callsTo(`POST /api/uploads/${UPLOAD_ID}/analysis`)).toHaveLength(2);
    expect(xhr.requests).toHaveLength(1);
    expect(await screen.findByText("Reading lease.pdf…", { selector: '[role="status"]' })).toBeInTheDocument();
  });
});
