import type { ChatStreamEvent } from "@shared/schemas/streams";
import type { Emit } from "../../http/sse";
import type { AnswerEvent } from "../assistant/assistant.service";

/**
 * The answer as the member watches it being written, and as Stop keeps it. The first piece of text
 * goes out at once; pieces that arrive together after it go out as one event. An answer may have
 * parts (one per file analysed): a provider failing part-way takes back only the part it was
 * writing, and the parts before it are sent again after the `reset`.
 */
export function createAnswerWriter(emit: Emit<ChatStreamEvent>) {
  /** Everything written so far: what Stop keeps. */
  let written = "";
  /** The parts already finished, which a failing provider does not take back. */
  let finished = "";
  /** Written, not sent yet. */
  let pending = "";
  let scheduled = false;
  let sentFirst = false;
  let source: { provider: string; model: string } | null = null;

  /** Send what is pending, as one event. */
  function flush() {
    scheduled = false;
    if (!pending) return;
    const text = pending;
    pending = "";
    void emit("delta", { text });
  }

  function write(text: string) {
    written += text;
    pending += text;
    if (!sentFirst) {
      sentFirst = true;
      flush();
    } else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  }

  return {
    /** What the assistant's chain reports: a provider starting, a piece of text, a provider failing part-way. */
    onEvent(event: AnswerEvent) {
      if (event.type === "start") {
        source = { provider: event.provider, model: event.model };
        void emit("start", source);
      } else if (event.type === "delta") {
        write(event.text);
      } else {
        written = finished;
        pending = "";
        void emit("reset", { failed: event.failed });
        if (finished) void emit("delta", { text: finished });
      }
    },
    /** Text no provider wrote (why a file could not be analysed). */
    write,
    /** Start the next part on a new paragraph; the parts before it are finished. */
    nextPart() {
      write("\n\n");
      finished = written;
    },
    flush,
    /** Everything written so far. */
    get written() {
      return written;
    },
    /** The provider writing, once one has started. */
    get source() {
      return source;
    },
  };
}

export type AnswerWriter = ReturnType<typeof createAnswerWriter>;
