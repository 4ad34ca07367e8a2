import { ApiRequestError, unwrap } from "@client/lib/api";
import { AUTH_TEXT } from "@shared/messages";
import { createParser } from "eventsource-parser";

export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * POST a JSON body and read the answer as server-sent events. A refusal (4xx/5xx JSON) throws
 * ApiRequestError before any event; a JSON (non-stream) answer is returned as one "json" event.
 */
export async function postForEvents(
  path: string,
  body: unknown,
  onEvent: (event: SseEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError(0, "NETWORK", AUTH_TEXT.unexpected);
  }
  if (!response.ok) {
    // unwrap reads the API's error body into an ApiRequestError (and notices maintenance).
    await unwrap(response);
    return;
  }
  if (!response.headers.get("content-type")?.includes("text/event-stream")) {
    onEvent({ event: "json", data: await response.json() });
    return;
  }
  const reader = response.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent(message) {
      let data: unknown = message.data;
      try {
        data = JSON.parse(message.data);
      } catch {
        // plain text data
      }
      onEvent({ event: message.event ?? "message", data });
    },
  });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}
