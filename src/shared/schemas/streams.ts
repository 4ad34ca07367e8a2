import type { CaseDetail, ChatMessage, ComparisonAnswer } from "./cases";
import type { UploadDetail } from "./uploads";

/**
 * The API's streams of server-sent events: one union of events per stream, each event its name and
 * the JSON of its `data:` line. The server's `emit` (src/server/http/sse.ts) and the browser's
 * readers (src/client/lib/sse.ts) are typed by the same union, so an event one side sends and the
 * other does not read, or reads in another shape, does not compile.
 */

/** Any event of any stream: a name and its data. */
export interface ServerEvent {
  event: string;
  data: unknown;
}

/** The data of the event called `Name` in the stream `E` (anything, for a stream of any events). */
export type EventData<E extends ServerEvent, Name extends E["event"]> = string extends E["event"]
  ? unknown
  : Extract<E, { event: Name }>["data"];

/** The last event of any stream whose work failed: what to tell the member. */
export interface StreamFailed {
  event: "error";
  data: { message: string };
}

/** What the assistant is doing with a file before it writes about it. */
export interface FileStage {
  stage: "reading" | "analysing";
  fileName: string;
}

/** An answer being written by the assistant's chain of providers, as the chat and a file's analysis stream it. */
type AnswerBeingWritten =
  /** A file is being read, then analysed (answers about files only). */
  | { event: "status"; data: FileStage }
  /** A provider has started writing. */
  | { event: "start"; data: { provider: string; model: string } }
  /** The next piece of the answer. */
  | { event: "delta"; data: { text: string } }
  /** The provider `failed` part-way: its text is dropped and the next provider starts over. */
  | { event: "reset"; data: { failed: string } };

/**
 * `POST /api/cases/{id}/messages` and `POST /api/cases/{id}/regenerate`: the member's stored
 * message (or the answer taken away to be written again), the answer as it is written, then the
 * stored answer (`done`), what was kept of it when Stop was pressed (`stopped`), or `error`.
 */
export type ChatStreamEvent =
  | { event: "message"; data: { message: ChatMessage; case: CaseDetail } }
  | { event: "regenerating"; data: { removedId: string | null } }
  | AnswerBeingWritten
  | {
      event: "done";
      data: {
        message: ChatMessage;
        /** The offer to prepare a document, shown a moment after the answer. */
        followUp: ChatMessage | null;
        /** The offer to add a key date the member's message stated, after the answer. */
        keyDateOffer?: ChatMessage | null;
        case: CaseDetail | null;
      };
    }
  | { event: "stopped"; data: { message: ChatMessage | null; case: CaseDetail | null } }
  | StreamFailed;

export type ComparisonSide = ComparisonAnswer["side"];

/**
 * `POST /api/cases/{id}/comparisons` for a Premium member: both full answers written side by side,
 * then both as kept with the comparison. (A Free member's previews come as one JSON body,
 * `ComparisonPreview`, not as a stream.)
 */
export type ComparisonStreamEvent =
  /** `offline`: no provider answers either side, so one offline answer stands for both. */
  | { event: "comparison"; data: { id: string; mode: "full"; offline: boolean } }
  | { event: "delta"; data: { side: ComparisonSide; text: string } }
  | { event: "reset"; data: { side: ComparisonSide } }
  | { event: "done"; data: { id: string; answers: ComparisonAnswer[] } }
  | StreamFailed;

/** `POST /api/cases/{id}/comparisons` for a Free member: short previews of both answers. */
export interface ComparisonPreview {
  comparison: { id: string; mode: "preview"; offline: boolean; answers: ComparisonAnswer[] };
}

/**
 * `POST /api/uploads/{id}/analysis` (the Document Center): the file read, then analysed, the
 * analysis as it is written, then the file with its stored analysis.
 */
export type UploadAnalysisStreamEvent =
  | AnswerBeingWritten
  | { event: "done"; data: { upload: UploadDetail } }
  | StreamFailed;
