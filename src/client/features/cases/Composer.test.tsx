import { useUploads } from "@client/components/uploads/file-uploads";
import { UI_LIMITS } from "@shared/constants";
import type { UploadSummary } from "@shared/schemas/uploads";
import { UPLOAD_TEXT } from "@shared/uploads";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeApi, json } from "@tests/factories/fake-api";
import { fakeUploadXhr } from "@tests/factories/fake-upload-xhr";
import { WithUploads } from "@tests/factories/upload-client";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Composer } from "./Composer";

interface Options {
  initial?: string;
  streaming?: boolean;
  stopping?: boolean;
  blocked?: boolean;
  counter?: string | null;
}

/** The chat page's part: it owns the draft, and sending empties it. */
function Harness({
  initial,
  onSend,
  ...props
}: Required<Omit<Options, "initial">> & { initial: string; onSend: (text: string) => void; onStop: () => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Composer
      {...props}
      value={value}
      onChange={setValue}
      onSubmit={() => {
        onSend(value);
        setValue("");
      }}
    />
  );
}

function renderComposer({
  initial = "",
  streaming = false,
  stopping = false,
  blocked = false,
  counter = null,
}: Options) {
  const sent: string[] = [];
  const onStop = vi.fn();
  render(
    <Harness
      initial={initial}
      onSend={(text) => sent.push(text)}
      onStop={onStop}
      streaming={streaming}
      stopping={stopping}
      blocked={blocked}
      counter={counter}
    />,
  );
  return { sent, onStop, box: screen.getByRole("textbox", { name: "Your message" }) };
}

describe("chat composer", () => {
  it("is a labelled text box with its keyboard hint, and a Send message button", () => {
    const { box } = renderComposer({});
    expect(box).toHaveAccessibleDescription("Enter to send, Shift+Enter for a new line.");
    expect(box).toHaveAttribute("placeholder", "Ask any legal question...");
    expect(box).toBeEnabled();
    expect(screen.getByRole("button", { name: "Send message" })).toHaveAttribute("type", "submit");
  });

  it("sends with Enter and empties the box", async () => {
    const user = userEvent.setup();
    const { box, sent } = renderComposer({});
    await user.type(box, "Can my landlord keep my deposit?{Enter}");
    expect(sent).toEqual(["Can my landlord keep my deposit?"]);
    expect(box).toHaveValue("");
  });

  it("adds a line with Shift+Enter instead of sending", async () => {
    const user = userEvent.setup();
    const { box, sent } = renderComposer({});
    await user.type(box, "First line{Shift>}{Enter}{/Shift}Second line");
    expect(sent).toEqual([]);
    expect(box).toHaveValue("First line\nSecond line");
    await user.keyboard("{Enter}");
    expect(sent).toEqual(["First line\nSecond line"]);
  });

  it("sends with the Send message button", async () => {
    const user = userEvent.setup();
    const { box, sent } = renderComposer({});
    await user.type(box, "Hello");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(sent).toEqual(["Hello"]);
  });

  it("does not send an empty or blank message", async () => {
    const user = userEvent.setup();
    const { box, sent } = renderComposer({});
    const send = screen.getByRole("button", { name: "Send message" });
    expect(send).toBeDisabled();
    await user.click(box);
    await user.keyboard("{Enter}");
    await user.type(box, "   ");
    expect(send).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(sent).toEqual([]);
    await user.type(box, "x");
    expect(send).toBeEnabled();
  });

  it("does not send while an input method is still composing the text", () => {
    const { box, sent } = renderComposer({ initial: "こんにちは" });
    fireEvent.keyDown(box, { key: "Enter", isComposing: true });
    expect(sent).toEqual([]);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(sent).toEqual(["こんにちは"]);
  });

  it("when blocked, asks to upgrade and accepts nothing, even a draft already typed", async () => {
    const user = userEvent.setup();
    const { box, sent } = renderComposer({ blocked: true, initial: "One more question" });
    expect(box).toBeDisabled();
    expect(box).toHaveAttribute("placeholder", "Upgrade to continue chatting...");
    const send = screen.getByRole("button", { name: "Send message" });
    expect(send).toBeDisabled();
    await user.click(send);
    fireEvent.keyDown(box, { key: "Enter" });
    fireEvent.submit(box.closest("form") as HTMLFormElement);
    expect(sent).toEqual([]);
  });

  it("turns Send into Stop while an answer is written, and does not send meanwhile", async () => {
    const user = userEvent.setup();
    const { box, sent, onStop } = renderComposer({ streaming: true, initial: "Next question" });
    expect(screen.queryByRole("button", { name: "Send message" })).not.toBeInTheDocument();
    await user.click(box);
    await user.keyboard("{Enter}");
    fireEvent.submit(box.closest("form") as HTMLFormElement);
    expect(sent).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Stop the answer" }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it("disables Stop once stopping", () => {
    renderComposer({ streaming: true, stopping: true });
    expect(screen.getByRole("button", { name: "Stop the answer" })).toBeDisabled();
  });

  it("shows the messages used for a Free member, as part of the box's description", () => {
    const { box } = renderComposer({ counter: "3/10" });
    expect(screen.getByText("3/10")).toBeInTheDocument();
    // (jsdom's description drops the space between the two parts that a browser keeps)
    expect(box).toHaveAccessibleDescription(/^Enter to send, Shift\+Enter for a new line\.\s*3\/10\s*messages used$/);
  });

  it("shows no counter when messages are unlimited", () => {
    renderComposer({ counter: null });
    expect(screen.queryByText(/messages used/)).not.toBeInTheDocument();
  });

  describe("height", () => {
    // jsdom does no layout: the text's height is given as 24 px a line plus 16 px of padding.
    afterEach(() => {
      Reflect.deleteProperty(HTMLTextAreaElement.prototype, "scrollHeight");
    });

    it(`grows with the text from ${UI_LIMITS.textareaMinHeight} to ${UI_LIMITS.textareaMaxHeight} px and shrinks back`, async () => {
      Object.defineProperty(HTMLTextAreaElement.prototype, "scrollHeight", {
        configurable: true,
        get(this: HTMLTextAreaElement) {
          return this.value ? this.value.split("\n").length * 24 + 16 : 0;
        },
      });
      const user = userEvent.setup();
      const { box } = renderComposer({});
      expect(box.style.height).toBe(`${UI_LIMITS.textareaMinHeight}px`);
      await user.type(box, "one");
      expect(box.style.height).toBe(`${UI_LIMITS.textareaMinHeight}px`);
      await user.type(box, "{Shift>}{Enter}{/Shift}two{Shift>}{Enter}{/Shift}three");
      expect(box.style.height).toBe("88px");
      await user.type(box, "{Shift>}{Enter}{Enter}{Enter}{Enter}{/Shift}seven");
      expect(box.style.height).toBe(`${UI_LIMITS.textareaMaxHeight}px`);
      await user.keyboard("{Enter}");
      expect(box.style.height).toBe(`${UI_LIMITS.textareaMinHeight}px`);
    });
  });
});

const stored = (id: string, fileName: string): UploadSummary => ({
  id,
  fileName,
  kind: "pdf",
  mimeType: "application/pdf",
  sizeBytes: 2048,
  status: "reading",
  statusMessage: null,
  caseId: "c1",
  caseTitle: null,
  sentAt: null,
  pageCount: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  analysedAt: null,
});

/** The chat page's part: it owns the draft and the files, and sending clears both. */
function FilesHarness({ blocked, onSend }: { blocked: boolean; onSend: (text: string, ids: string[]) => void }) {
  const [value, setValue] = useState("");
  const { useFileUploads, useUploadAllowance } = useUploads();
  const uploads = useFileUploads({ caseId: "c1", maxMb: 10, maxFiles: 5 });
  const allowance = useUploadAllowance(uploads.items.length > 0);
  return (
    <Composer
      value={value}
      onChange={setValue}
      onSubmit={() => {
        onSend(
          value.trim(),
          uploads.ready.map((file) => file.id),
        );
        setValue("");
        uploads.clear();
      }}
      onStop={() => {}}
      streaming={false}
      stopping={false}
      blocked={blocked}
      counter={null}
      uploads={uploads}
      allowance={allowance}
    />
  );
}

describe("chat composer with files", () => {
  function renderWithFiles({ blocked = false } = {}) {
    fakeApi({ "GET /api/uploads/allowance": () => json({ used: 1, limit: 3, period: "2026-11" }) });
    const xhr = fakeUploadXhr();
    const sent: Array<{ text: string; ids: string[] }> = [];
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={queryClient}>
        <WithUploads>
          <FilesHarness blocked={blocked} onSend={(text, ids) => sent.push({ text, ids })} />
        </WithUploads>
      </QueryClientProvider>,
    );
    const input = view.container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    return { xhr, sent, input, box: screen.getByRole("textbox", { name: "Your message" }) };
  }

  it("has an Attach files button for the accepted types, several at a time", () => {
    const { input } = renderWithFiles();
    expect(screen.getByRole("button", { name: "Attach files" })).toBeEnabled();
    expect(input).toHaveAttribute("accept", ".pdf,.doc,.docx,.jpg,.jpeg,.png,.gif");
    expect(input).toHaveAttribute("multiple");
  });

  it("waits while a file uploads, then sends the files alone, with no words, and clears the chips", async () => {
    const user = userEvent.setup();
    const { xhr, sent, input, box } = renderWithFiles();
    const send = screen.getByRole("button", { name: "Send message" });

    await user.upload(input, new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }));
    await user.upload(input, new File(["%PDF-1.7"], "notice.pdf", { type: "application/pdf" }));
    expect(send).toBeDisabled();
    expect(box).toHaveAccessibleDescription(new RegExp(UPLOAD_TEXT.notReadyToSend));
    await user.click(box);
    await user.keyboard("{Enter}");
    expect(sent).toEqual([]);
    expect(screen.getByRole("status")).toHaveTextContent(UPLOAD_TEXT.notReadyToSend);

    await act(async () =>
      xhr.requests[0]?.respond(201, {
        upload: stored("up-1", "lease.pdf"),
        allowance: { used: 2, limit: 3, period: "2026-11" },
      }),
    );
    expect(send).toBeDisabled();
    await act(async () =>
      xhr.requests[1]?.respond(201, {
        upload: stored("up-2", "notice.pdf"),
        allowance: { used: 3, limit: 3, period: "2026-11" },
      }),
    );
    expect(send).toBeEnabled();
    expect(box).toHaveValue("");
    expect(await screen.findByText(/^3 of 3 uploads used this month/)).toBeInTheDocument();

    await user.click(send);
    expect(sent).toEqual([{ text: "", ids: ["up-1", "up-2"] }]);
    expect(screen.queryByRole("list", { name: "Attached files" })).not.toBeInTheDocument();
    expect(send).toBeDisabled();
  });

  it("sends words and files together with Enter", async () => {
    const user = userEvent.setup();
    const { xhr, sent, input, box } = renderWithFiles();
    await user.upload(input, new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }));
    await act(async () =>
      xhr.latest().respond(201, { upload: stored("up-1", "lease.pdf"), allowance: { used: 1, limit: 3, period: "p" } }),
    );
    await user.type(box, "Is this clause fair?{Enter}");
    expect(sent).toEqual([{ text: "Is this clause fair?", ids: ["up-1"] }]);
  });

  it("a file the server refused is not sent, and does not hold the message back", async () => {
    const user = userEvent.setup();
    const { xhr, sent, input, box } = renderWithFiles();
    await user.upload(input, new File(["%PDF-1.7"], "lease.pdf", { type: "application/pdf" }));
    await act(async () =>
      xhr.latest().respond(415, { error: { code: "UNSUPPORTED_TYPE", message: UPLOAD_TEXT.wrongType } }),
    );
    const chips = screen.getByRole("list", { name: "Attached files" });
    expect(within(chips).getByRole("alert")).toHaveTextContent(UPLOAD_TEXT.wrongType);
    expect(screen.getByRole("button", { name: "Send message" })).toBeDisabled();
    await user.type(box, "Hello{Enter}");
    expect(sent).toEqual([{ text: "Hello", ids: [] }]);
  });

  it("when blocked, files cannot be attached either", () => {
    const { input } = renderWithFiles({ blocked: true });
    expect(screen.getByRole("button", { name: "Attach files" })).toBeDisabled();
    expect(input).toBeDisabled();
  });
});
