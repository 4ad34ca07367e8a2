import type { ChatStreamEvent } from "@shared/schemas/streams";
import type { Emit } from "../../http/sse";
import type { AnswerEvent } from "../assistant/assistant.service";

/**
 * After the first piece, text is sent at most this often: a provider writes a piece every 10–30 ms
 * per answer, and one event per piece costs every hop (this process, the proxy, the browser) as
 * much as the piece's text. 40 ms is 25 updates a second, smoother than reading; with 200
 * answers streaming through two processes it cut the wait for a new answer's first word by
 * about a third.
 */
export const DELTA_INTERVAL_MS = 40;

/**
 * The answer as the member watches it being written, and as Stop keeps it. The first piece of text
 * goes out at once; pieces that arrive within DELTA_INTERVAL_MS after it go out as one event. An answer may have
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
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sentFirst = false;
  let source: { provider: string; model: string } | null = null;

  /** Send what is pending, as one event. */
  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
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
    } else if (!timer) {
      timer = setTimeout(flush, DELTA_INTERVAL_MS);
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
    /** The answer has ended (stored, stopped or failed): nothing more is sent. */
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = "";
    },
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
