import { AttachmentChips, AttachmentLink } from "@client/components/uploads/AttachmentChip";
import { DropZone } from "@client/components/uploads/DropZone";
import { FilePickerButton } from "@client/components/uploads/FilePickerButton";
import { UploadNotices } from "@client/components/uploads/UploadNotices";
import type { UploadCreated, UploadSummary } from "@shared/schemas/uploads";
import { formatFileSize, UPLOAD_TEXT } from "@shared/uploads";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeUploadServer, testQueryClient, uploadSummary } from "@tests/factories/upload-client";
import { describe, expect, it } from "vitest";
import { useFileUploads } from "./use-file-uploads";

const MB = 1024 * 1024;

function summary(id: string, file: File): UploadSummary {
  return uploadSummary({ id, fileName: file.name, mimeType: file.type, sizeBytes: file.size });
}

const created = (id: string, file: File): UploadCreated => ({
  upload: summary(id, file),
  allowance: { used: 1, limit: 3, period: "2026-11" },
});

/** A file of the given size without holding its bytes (jsdom reads `size` only). */
function fileOf(name: string, type: string, size: number): File {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

/** The pieces as a page puts them together: drop zone, picker, alerts and chips. */
function Uploader({ caseId, maxMb = 10 }: { caseId?: string; maxMb?: number }) {
  const uploads = useFileUploads({ caseId, maxMb, maxFiles: 5 });
  return (
    <DropZone onFiles={uploads.add}>
      <div data-testid="zone" className="h-40">
        <UploadNotices notices={uploads.notices} onDismiss={uploads.dismissNotices} />
        <AttachmentChips items={uploads.items} onRemove={uploads.remove} />
        <FilePickerButton onFiles={uploads.add} />
        <p>{uploads.uploading ? "busy" : `ready: ${uploads.ready.map((file) => file.id).join(",")}`}</p>
      </div>
    </DropZone>
  );
}

function renderUploader(props: { caseId?: string; maxMb?: number } = {}) {
  const queryClient = testQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Uploader {...props} />
    </QueryClientProvider>,
  );
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  return { input, queryClient };
}

function drop(files: File[]) {
  const zone = screen.getByTestId("zone");
  const dataTransfer = { files, types: ["Files"], dropEffect: "none" };
  fireEvent.dragEnter(zone, { dataTransfer });
  fireEvent.drop(zone, { dataTransfer });
}

describe("file sizes", () => {
  it("read in Bytes, KB, MB or GB with at most two decimals", () => {
    expect(formatFileSize(0)).toBe("0 Bytes");
    expect(formatFileSize(512)).toBe("512 Bytes");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(10 * MB)).toBe("10 MB");
    expect(formatFileSize(2.25 * 1024 * MB)).toBe("2.25 GB");
  });

  it("show on a sent file's download link, with its name", () => {
    render(
      <AttachmentLink attachment={{ id: "f1", fileName: "lease.pdf", mimeType: "application/pdf", sizeBytes: 1536 }} />,
    );
    const link = screen.getByRole("link", { name: "Download lease.pdf (1.5 KB)" });
    expect(link).toHaveAttribute("href", "/api/uploads/f1/file");
    expect(link).toHaveAttribute("download", "lease.pdf");
  });
});

describe("attachment chips", () => {
  it("show the upload's real progress, then Ready, with the case sent before the file", async () => {
    const { xhr } = fakeUploadServer();
    const user = userEvent.setup();
    const { input } = renderUploader({ caseId: "c1" });
    const file = new File(["%PDF-1.7 lease"], "lease.pdf", { type: "application/pdf" });

    await user.upload(input, file);
    const request = xhr.latest();
    expect(request).toMatchObject({
      method: "POST",
      url: "/api/uploads",
      caseId: "c1",
      fieldNames: ["caseId", "file"],
    });
    expect(request.file?.name).toBe("lease.pdf");

    const chips = screen.getByRole("list", { name: "Attached files" });
    expect(within(chips).getByText("lease.pdf")).toBeInTheDocument();
    expect(within(chips).getByText(formatFileSize(file.size))).toBeInTheDocument();
    const bar = within(chips).getByRole("progressbar", { name: "Uploading lease.pdf" });
    expect(bar).toHaveAttribute("aria-valuenow", "0");
    expect(screen.getByText("busy")).toBeInTheDocument();

    act(() => request.progress(40));
    expect(bar).toHaveAttribute("aria-valuenow", "40");
    expect(within(chips).getByText("Uploading 40%")).toBeInTheDocument();

    await act(async () => request.respond(201, created("up-1", file)));
    expect(within(chips).queryByRole("progressbar")).not.toBeInTheDocument();
    expect(within(chips).getByText("Ready")).toBeInTheDocument();
    expect(screen.getByText("ready: up-1")).toBeInTheDocument();
  });

  it("can be removed once uploaded: the stored file is deleted", async () => {
    const { api, xhr } = fakeUploadServer({ "DELETE /api/uploads/up-1": () => new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    const { input } = renderUploader();
    const file = new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" });
    await user.upload(input, file);
    await act(async () => xhr.latest().respond(201, created("up-1", file)));

    await user.click(screen.getByRole("button", { name: "Remove lease.pdf" }));
    expect(screen.queryByRole("list", { name: "Attached files" })).not.toBeInTheDocument();
    expect(api.callsTo("DELETE /api/uploads/up-1")).toHaveLength(1);
    expect(screen.getByText("ready:")).toBeInTheDocument();
  });

  it("can be removed while uploading: the upload is cancelled and nothing is deleted", async () => {
    const { api, xhr } = fakeUploadServer();
    const user = userEvent.setup();
    const { input } = renderUploader();
    await user.upload(input, new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }));
    act(() => xhr.latest().progress(10));

    await user.click(screen.getByRole("button", { name: "Remove lease.pdf" }));
    expect(xhr.latest().aborted).toBe(true);
    expect(screen.queryByRole("list", { name: "Attached files" })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === "DELETE")).toHaveLength(0);
    expect(screen.getByText("ready:")).toBeInTheDocument();
  });

  it("uploads several files at once, each with its own progress", async () => {
    const { xhr } = fakeUploadServer();
    const user = userEvent.setup();
    const { input } = renderUploader();
    const first = new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" });
    const second = new File(["png"], "photo.png", { type: "image/png" });
    await user.upload(input, [first, second]);
    expect(xhr.requests).toHaveLength(2);
    act(() => xhr.requests[1]?.progress(75));
    expect(screen.getByRole("progressbar", { name: "Uploading lease.pdf" })).toHaveAttribute("aria-valuenow", "0");
    expect(screen.getByRole("progressbar", { name: "Uploading photo.png" })).toHaveAttribute("aria-valuenow", "75");
  });

  it("say why the server refused a file", async () => {
    const { xhr } = fakeUploadServer();
    const user = userEvent.setup();
    const { input } = renderUploader();
    await user.upload(input, new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }));
    const allowance = UPLOAD_TEXT.allowanceReached(3, "Free");
    await act(async () => xhr.latest().respond(402, { error: { code: "PLAN_LIMIT", message: allowance } }));
    const chips = screen.getByRole("list", { name: "Attached files" });
    expect(within(chips).getByRole("alert")).toHaveTextContent(allowance);
    expect(screen.getByText("ready:")).toBeInTheDocument();
  });

  it("say the upload was interrupted when the connection fails", async () => {
    const { xhr } = fakeUploadServer();
    const user = userEvent.setup();
    const { input } = renderUploader();
    await user.upload(input, new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }));
    await act(async () => xhr.latest().fail());
    expect(screen.getByText(UPLOAD_TEXT.interrupted).closest('[role="alert"]')).not.toBeNull();
  });
});

describe("files the server would refuse", () => {
  it("a file of the wrong type shows the spec's alert and is never uploaded", async () => {
    const { xhr } = fakeUploadServer();
    renderUploader();
    drop([new File(["hello"], "notes.txt", { type: "text/plain" })]);
    expect(await screen.findByText(UPLOAD_TEXT.wrongType)).toBeInTheDocument();
    expect(screen.getByText(UPLOAD_TEXT.wrongType).closest('[role="alert"]')).not.toBeNull();
    expect(xhr.requests).toHaveLength(0);
    expect(screen.queryByRole("list", { name: "Attached files" })).not.toBeInTheDocument();
  });

  it("a file over the administrator's limit shows the spec's alert and is never uploaded", async () => {
    const { xhr } = fakeUploadServer();
    const user = userEvent.setup();
    const { input } = renderUploader({ maxMb: 10 });
    await user.upload(input, fileOf("scan.pdf", "application/pdf", 10 * MB + 1));
    const alert = screen.getByText(UPLOAD_TEXT.tooLarge(10)).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(UPLOAD_TEXT.tooLarge(10)).toBe("File size must be less than 10MB.");
    expect(xhr.requests).toHaveLength(0);

    // Exactly at the limit is allowed; the alert goes with the next choice.
    await user.upload(input, fileOf("scan.pdf", "application/pdf", 10 * MB));
    expect(xhr.requests).toHaveLength(1);
    expect(screen.queryByText(UPLOAD_TEXT.tooLarge(10))).not.toBeInTheDocument();
  });

  it("the limit follows the administrator's setting", async () => {
    const { xhr } = fakeUploadServer();
    const user = userEvent.setup();
    const { input } = renderUploader({ maxMb: 2 });
    await user.upload(input, fileOf("photo.jpg", "image/jpeg", 3 * MB));
    expect(screen.getByText("File size must be less than 2MB.")).toBeInTheDocument();
    expect(xhr.requests).toHaveLength(0);
  });

  it("a good file dropped with a bad one is uploaded alone, and the alert says why the other was not", async () => {
    const { xhr } = fakeUploadServer();
    renderUploader();
    drop([
      new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }),
      new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }),
    ]);
    expect(await screen.findByText(UPLOAD_TEXT.wrongType)).toBeInTheDocument();
    expect(xhr.requests).toHaveLength(1);
    expect(xhr.latest().file?.name).toBe("lease.pdf");
  });

  it("the alert can be dismissed", async () => {
    fakeUploadServer();
    const user = userEvent.setup();
    renderUploader();
    drop([new File(["hello"], "notes.txt", { type: "text/plain" })]);
    await user.click(await screen.findByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(UPLOAD_TEXT.wrongType)).not.toBeInTheDocument();
  });
});

describe("the drop zone", () => {
  it("says 'Drop files here' while files are dragged over it", () => {
    fakeUploadServer();
    renderUploader();
    const zone = screen.getByTestId("zone");
    fireEvent.dragEnter(zone, { dataTransfer: { files: [], types: ["Files"] } });
    expect(screen.getByText("Drop files here")).toBeInTheDocument();
    fireEvent.dragLeave(zone, { dataTransfer: { files: [], types: ["Files"] } });
    expect(screen.queryByText("Drop files here")).not.toBeInTheDocument();
  });

  it("offers the picker by keyboard as a labelled button", async () => {
    fakeUploadServer();
    const user = userEvent.setup();
    const { input } = renderUploader();
    await user.tab();
    expect(screen.getByRole("button", { name: "Attach files" })).toHaveFocus();
    expect(input).toHaveAttribute("accept", ".pdf,.doc,.docx,.jpg,.jpeg,.png,.gif");
    expect(input).toHaveAttribute("multiple");
  });
});

// The server's JSON errors are read for their message; a bare 413 still reads as the spec's text.
describe("error answers without a body", () => {
  it("a 413 without a JSON body reads as the size alert", async () => {
    const { xhr } = fakeUploadServer();
    const user = userEvent.setup();
    const { input } = renderUploader({ maxMb: 10 });
    await user.upload(input, new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }));
    await act(async () => xhr.latest().respond(413, null));
    expect(screen.getByText(UPLOAD_TEXT.tooLarge(10)).closest('[role="alert"]')).not.toBeNull();
  });
});
