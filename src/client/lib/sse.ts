import { ApiRequestError, unwrap } from "@client/lib/api";
import { AUTH_TEXT } from "@shared/messages";
import type { ServerEvent } from "@shared/schemas/streams";
import { createParser } from "eventsource-parser";

/** A JSON answer where a stream was asked for (a route that answers some members without one). */
export interface JsonAnswer<T> {
  event: "json";
  data: T;
}

/**
 * POST a JSON body and read the answer as the server-sent events of the stream `E` (its union in
 * src/shared/schemas/streams.ts, which the server's `emit` is typed by too). A refusal (4xx/5xx
 * JSON) throws ApiRequestError before any event; a JSON (non-stream) answer is given as one
 * `JsonAnswer` event, when `E` includes one.
 */
export async function postForEvents<E extends ServerEvent>(
  path: string,
  body: unknown,
  onEvent: (event: E) => void,
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
    const answer: JsonAnswer<unknown> = { event: "json", data: await response.json() };
    // The body's shape is the route's contract, as `apiFetch<T>` takes it.
    onEvent(answer as E);
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
      // What the server emits is checked against the same union (src/server/http/sse.ts).
      onEvent({ event: message.event ?? "message", data } as E);
    },
  });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}
