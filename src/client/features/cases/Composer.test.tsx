import { UI_LIMITS } from "@shared/constants";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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
