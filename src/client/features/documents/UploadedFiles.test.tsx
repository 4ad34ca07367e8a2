import type { UploadAnalysisStreamEvent } from "@shared/schemas/streams";
import type { UploadSummary } from "@shared/schemas/uploads";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeApi, json, sessionUser } from "@tests/factories/fake-api";
import { fakeEventStream } from "@tests/factories/sse";
import { renderPage, uploadSummary } from "@tests/factories/upload-client";
import { describe, expect, it } from "vitest";
import { MyDocuments } from "./MyDocuments";

const upload = (id: string, overrides: Partial<UploadSummary> = {}): UploadSummary =>
  uploadSummary({ id, fileName: `${id}.pdf`, sizeBytes: 1536, status: "ready", pageCount: 2, ...overrides });

const lease = upload("lease", { analysedAt: "2026-11-20T10:05:00.000Z" });
const scan = upload("scan", { status: "reading", pageCount: null, mimeType: "image/jpeg", fileName: "scan.jpg" });
const blurry = upload("blurry", {
  status: "unreadable",
  statusMessage: "We couldn't read any text in this file.",
  fileName: "blurry.png",
  mimeType: "image/png",
});

function renderMine(items: UploadSummary[]) {
  const api = fakeApi({
    "GET /api/me": () => json({ user: sessionUser() }),
    "GET /api/documents": () => json({ items: [], nextCursor: null }),
    "GET /api/uploads": () => json({ items, nextCursor: null }),
  });
  renderPage(<MyDocuments />, { path: "/dashboard/create" });
  return api;
}

async function openUploads(user: ReturnType<typeof userEvent.setup>) {
  const mine = await screen.findByRole("region", { name: "My documents" });
  await user.click(within(mine).getByRole("tab", { name: "Uploaded files" }));
  return within(mine).getByRole("tabpanel", { name: "Uploaded files" });
}

/**
 * Lists `file` (stored with `analysis`), presses its `button` ('Analyse', 'Analyse again') and gives
 * the analysis dialog, with the stream the server answers a new analysis of the file with.
 */
async function openAnalysis(file: UploadSummary, analysis: string | null, button: string) {
  const api = renderMine([file]);
  api.routes[`GET /api/uploads/${file.id}`] = () => json({ upload: { ...file, analysis } });
  const stream = fakeEventStream<UploadAnalysisStreamEvent>();
  api.routes[`POST /api/uploads/${file.id}/analysis`] = () => stream.response;
  const user = userEvent.setup();
  const panel = await openUploads(user);
  await user.click(await within(panel).findByRole("button", { name: `${button}: ${file.fileName}` }));
  return { api, stream, user, dialog: screen.getByRole("dialog", { name: `Analysis of ${file.fileName}` }) };
}

const row = (panel: HTMLElement, name: string) => within(panel).getByRole("article", { name });

describe("My documents: uploaded files", () => {
  it("lists each file with its size, date and status, and a file being read turns Ready", async () => {
    const api = renderMine([lease, scan, blurry]);
    api.routes["GET /api/uploads/scan"] = () => json({ upload: { ...scan, analysis: null } });
    const user = userEvent.setup();
    const panel = await openUploads(user);

    const leaseRow = await within(panel).findByRole("article", { name: "lease.pdf" });
    expect(within(leaseRow).getByText("1.5 KB · 2 pages · Uploaded Nov 20, 2026")).toBeInTheDocument();
    expect(within(leaseRow).getByText("Ready")).toBeInTheDocument();
    expect(within(leaseRow).getByRole("link", { name: "Download lease.pdf" })).toHaveAttribute(
      "href",
      "/api/uploads/lease/file",
    );
    expect(within(leaseRow).getByRole("button", { name: "Analyse again: lease.pdf" })).toBeInTheDocument();

    const blurryRow = row(panel, "blurry.png");
    expect(within(blurryRow).getByText("Couldn't read")).toBeInTheDocument();
    expect(within(blurryRow).getByText("We couldn't read any text in this file.")).toBeInTheDocument();
    expect(within(blurryRow).queryByRole("button", { name: /Analyse/ })).not.toBeInTheDocument();

    const scanRow = row(panel, "scan.jpg");
    expect(within(scanRow).getByText("Reading…")).toBeInTheDocument();
    expect(within(scanRow).queryByRole("button", { name: /Analyse/ })).not.toBeInTheDocument();
    api.routes["GET /api/uploads/scan"] = () => json({ upload: { ...scan, status: "ready", analysis: null } });
    expect(await within(scanRow).findByText("Ready", {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(scanRow).getByRole("button", { name: "Analyse: scan.jpg" })).toBeInTheDocument();
  });

  it("says so when there are none", async () => {
    renderMine([]);
    const user = userEvent.setup();
    const panel = await openUploads(user);
    expect(await within(panel).findByText(/No uploaded files yet/)).toBeInTheDocument();
  });

  it("deletes a file after confirming", async () => {
    const api = renderMine([lease]);
    api.routes["DELETE /api/uploads/lease"] = () => new Response(null, { status: 204 });
    const user = userEvent.setup();
    const panel = await openUploads(user);
    await user.click(await within(panel).findByRole("button", { name: "Delete lease.pdf" }));
    const confirm = screen.getByRole("dialog", { name: "Delete this file?" });
    api.routes["GET /api/uploads"] = () => json({ items: [], nextCursor: null });
    await user.click(within(confirm).getByRole("button", { name: "Delete file" }));
    expect(api.callsTo("DELETE /api/uploads/lease")).toHaveLength(1);
    expect(await screen.findByText("File deleted.")).toBeInTheDocument();
    expect(await within(panel).findByText(/No uploaded files yet/)).toBeInTheDocument();
  });

  it("shows the stored analysis, and analyses again on request", async () => {
    const first = "## Document Analysis: lease.pdf\n\nThe first reading.";
    const { api, stream, user, dialog } = await openAnalysis(lease, first, "Analyse again");

    expect(await within(dialog).findByText("The first reading.")).toBeInTheDocument();
    expect(api.callsTo("POST /api/uploads/lease/analysis")).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: "Analyse again" }));
    expect(await within(dialog).findByText("Reading lease.pdf…", { selector: "span" })).toBeInTheDocument();
    await act(async () => {
      stream.send("status", { stage: "analysing", fileName: "lease.pdf" });
      stream.send("delta", { text: "## Document Analysis: lease.pdf\n\nThe second" });
    });
    expect(await within(dialog).findByText("The second")).toBeInTheDocument();
    await act(async () => {
      stream.send("done", {
        upload: { ...lease, analysis: "## Document Analysis: lease.pdf\n\nThe second reading." },
      });
      stream.end();
    });
    expect(await within(dialog).findByText("The second reading.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Analyse again" })).toBeEnabled();
  });

  it("analyses a file never analysed as soon as it is opened", async () => {
    const { api, dialog } = await openAnalysis(upload("fresh"), null, "Analyse");
    expect(await within(dialog).findByText("Reading fresh.pdf…", { selector: "span" })).toBeInTheDocument();
    expect(api.callsTo("POST /api/uploads/fresh/analysis")).toHaveLength(1);
  });
});
