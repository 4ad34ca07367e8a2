import type { EventData, ServerEvent } from "@shared/schemas/streams";

export interface ParsedEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: event payloads are asserted field by field in tests
  data: any;
}

/** Parse a whole server-sent-events body into its events (data parsed as JSON when it is JSON). */
export function parseSse(text: string): ParsedEvent[] {
  const events: ParsedEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length === 0) continue;
    const raw = data.join("\n");
    let parsed: unknown = raw;
    try {
      parsed = JSON.parse(raw);
    } catch {
      // text
    }
    events.push({ event, data: parsed });
  }
  return events;
}

/** The text the member saw streaming: deltas after the last reset. */
export function streamedText(events: ParsedEvent[]): string {
  let text = "";
  for (const e of events) {
    if (e.event === "delta" && typeof e.data?.text === "string") text += e.data.text;
    if (e.event === "reset") text = "";
  }
  return text;
}

/**
 * A server-sent-events answer a client test writes into, event by event, for a page that reads the
 * stream `E` (its union in src/shared/schemas/streams.ts): an event the stream does not have, or
 * data of another shape, does not compile.
 */
export function fakeEventStream<E extends ServerEvent>() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { headers: { "content-type": "text/event-stream" } }),
    send<Name extends E["event"]>(event: Name, data: EventData<E, Name>) {
      controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    end() {
      controller?.close();
    },
  };
}

/** Read a server-sent-events body to its end, handing each complete event to `onEvent`. */
export async function readEvents(response: Response, onEvent: (event: ParsedEvent) => void): Promise<void> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  let pending = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += decoder.decode(value, { stream: true });
    const end = pending.lastIndexOf("\n\n");
    if (end < 0) continue;
    for (const event of parseSse(pending.slice(0, end))) onEvent(event);
    pending = pending.slice(end + 2);
  }
  for (const event of parseSse(pending)) onEvent(event);
}
