/**
 * PDF and Word files of generated documents (decision 013): rendered by the worker pool, kept in a
 * cache bounded by bytes until the document changes, one render shared by every request that
 * wants the same file at once, and at most a few renders in flight per member.
 */
import { createHash } from "node:crypto";
import { ERROR_CODES } from "@shared/api-error";
import { DOCUMENT_TEXT } from "@shared/messages";
import { ApiError, tooManyRequests } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import {
  createRenderPool,
  RenderBusyError,
  RenderFailedError,
  type RenderFormat,
  type RenderPoolOptions,
  type RenderPoolStats,
  RenderTimeoutError,
} from "./render-pool";

const MB = 1024 * 1024;

export interface DocumentRenderingOptions extends RenderPoolOptions {
  /** Renders one member may have in flight (running or waiting) at once (default 2); beyond, 429. */
  perMember?: number;
  /** The cache's size in bytes (default 48 MB); a file larger than an eighth of it is not kept. */
  cacheBytes?: number;
}

/** What a rendering is made from: the same three values give the same file. */
export interface RenderableDocument {
  id: string;
  title: string;
  content: string;
}

export interface DocumentRenderer {
  /** The document's file; throws ApiError 429 / 503 / 500 with a message for the member. */
  render(memberId: string, document: RenderableDocument, format: RenderFormat): Promise<Uint8Array>;
  /** Drop what is kept of a document (it was deleted). */
  forget(documentId: string): void;
  stats(): RenderPoolStats & { cachedFiles: number; cachedBytes: number };
  close(): Promise<void>;
}

/** What changes whenever the file would: the title and text it is drawn from. */
function versionOf(document: RenderableDocument): string {
  return createHash("sha256").update(document.title).update("\0").update(document.content).digest("base64url");
}

/** Files by document and format, the least recently used dropped first once `maxBytes` is passed. */
function createByteCache(maxBytes: number) {
  const entries = new Map<string, { version: string; bytes: Uint8Array }>();
  let total = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    total -= entry.bytes.byteLength;
    entries.delete(key);
  };
  return {
    get(key: string, version: string): Uint8Array | null {
      const entry = entries.get(key);
      if (!entry) return null;
      // A file of an earlier version of the document is never served.
      if (entry.version !== version) {
        drop(key);
        return null;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.bytes;
    },
    set(key: string, version: string, bytes: Uint8Array) {
      drop(key);
      if (bytes.byteLength > maxBytes / 8) return;
      entries.set(key, { version, bytes });
      total += bytes.byteLength;
      for (const oldest of entries.keys()) {
        if (total <= maxBytes) break;
        drop(oldest);
      }
    },
    forget(documentId: string) {
      for (const key of [...entries.keys()]) if (key.startsWith(`${documentId}:`)) drop(key);
    },
    size: () => ({ cachedFiles: entries.size, cachedBytes: total }),
  };
}

const seconds = (ms: number) => Math.min(60, Math.max(1, Math.ceil(ms / 1000)));

export function createDocumentRenderer(options: DocumentRenderingOptions = {}, logger?: Logger): DocumentRenderer {
  const pool = createRenderPool(options);
  const cache = createByteCache(options.cacheBytes ?? 48 * MB);
  const perMember = Math.max(1, options.perMember ?? 2);
  /** Renders in flight by document, format and version: later requests share the first one's. */
  const flights = new Map<string, Promise<Uint8Array>>();
  /** Renders in flight by member (only those a member started; sharing one costs nothing). */
  const started = new Map<string, number>();

  function release(memberId: string) {
    const left = (started.get(memberId) ?? 1) - 1;
    if (left > 0) started.set(memberId, left);
    else started.delete(memberId);
  }

  /** The pool's refusal or failure, as the member reads it. */
  function refusal(error: unknown, format: RenderFormat): unknown {
    if (error instanceof RenderBusyError) {
      return new ApiError(503, ERROR_CODES.renderBusy, DOCUMENT_TEXT.renderBusy, undefined, {
        "Retry-After": String(seconds(pool.expectedWaitMs())),
      });
    }
    if (error instanceof RenderTimeoutError) {
      logger?.warn({ format }, "document render stopped: past its time budget");
      return new ApiError(503, ERROR_CODES.renderTimeout, DOCUMENT_TEXT.renderTimeout, undefined, {
        "Retry-After": "60",
      });
    }
    if (error instanceof RenderFailedError) {
      logger?.error({ format, fault: error.fault }, "document render failed");
      return new ApiError(500, ERROR_CODES.renderFailed, DOCUMENT_TEXT.renderFailed);
    }
    return error;
  }

  return {
    // Not async: the cache, the shared render and the member's count are read and written in one
    // turn of the event loop, so two requests arriving together cannot both start a render.
    render(memberId, document, format) {
      const key = `${document.id}:${format}`;
      const version = versionOf(document);
      const kept = cache.get(key, version);
      if (kept) return Promise.resolve(kept);
      const flightKey = `${key}:${version}`;
      const flying = flights.get(flightKey);
      if (flying) return flying;
      const mine = started.get(memberId) ?? 0;
      if (mine >= perMember) {
        return Promise.reject(
          tooManyRequests(
            ERROR_CODES.rateLimited,
            DOCUMENT_TEXT.tooManyDownloads(perMember),
            seconds(pool.expectedWaitMs()),
          ),
        );
      }
      started.set(memberId, mine + 1);
      const flight = pool
        .render({ format, title: document.title, text: document.content })
        .then(
          (bytes) => {
            cache.set(key, version, bytes);
            return bytes;
          },
          (error: unknown) => {
            throw refusal(error, format);
          },
        )
        .finally(() => {
          flights.delete(flightKey);
          release(memberId);
        });
      flights.set(flightKey, flight);
      return flight;
    },
    forget: (documentId) => cache.forget(documentId),
    stats: () => ({ ...pool.stats(), ...cache.size() }),
    close: () => pool.close(),
  };
}
