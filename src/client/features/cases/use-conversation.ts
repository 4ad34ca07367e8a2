import { useToast } from "@client/components/ui/Toast";
import { ApiRequestError } from "@client/lib/api";
import { postForEvents } from "@client/lib/sse";
import { ERROR_CODES } from "@shared/api-error";
import { TIMINGS_MS } from "@shared/constants";
import { CASE_TEXT } from "@shared/messages";
import type { CaseDetail, ChatMessage } from "@shared/schemas/cases";
import type { ChatStreamEvent, FileStage } from "@shared/schemas/streams";
import type { ChatAttachment } from "@shared/schemas/uploads";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { caseKeys, casesApi } from "./cases-api";

export interface DisplayMessage extends ChatMessage {
  /** Shown at once, before the server has stored it. */
  pending?: boolean;
  /**
   * The list key: the id the message was first shown with, kept when the server's copy replaces
   * the one shown at once, so the bubble is updated rather than drawn again.
   */
  key?: string;
}

/** What the assistant is doing with attached files before (and while) it writes. */
export type StreamingStage = FileStage;

export interface Streaming {
  text: string;
  provider: string | null;
  model: string | null;
  stopping: boolean;
  /** Set while files attached to the message are read, then analysed. */
  stage?: StreamingStage | null;
}

const EMPTY_STREAM: Streaming = { text: "", provider: null, model: null, stopping: false, stage: null };

const TERMINAL = new Set<ChatStreamEvent["event"]>(["done", "stopped", "error"]);

/**
 * The conversation of one case: the latest page of messages and older ones on demand, sending
 * (shown at once, removed again only if the server refuses it), the streamed answer, Stop and
 * Regenerate. The case's counters come back with every event and refresh the header. The
 * functions it returns keep their identity across renders, so the parts of the page they are
 * given are not drawn again for every streamed word.
 */
export function useConversation(caseId: string, handlers: { onLimit: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [messages, setMessages] = useState<DisplayMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "notfound" | "error">("loading");
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [streaming, setStreaming] = useState<Streaming | null>(null);
  const aborter = useRef<AbortController | null>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const alive = useRef(true);
  const onLimit = useRef(handlers.onLimit);
  onLimit.current = handlers.onLimit;

  const setCase = useCallback(
    (detail: CaseDetail | null | undefined) => {
      if (!detail) return;
      queryClient.setQueryData(caseKeys.detail(caseId), detail);
      void queryClient.invalidateQueries({ queryKey: caseKeys.list() });
    },
    [caseId, queryClient],
  );

  const load = useCallback(async () => {
    try {
      const page = await casesApi.messages(caseId);
      if (!alive.current) return;
      setMessages(page.items);
      setOlderCursor(page.nextCursor);
      setStatus("ready");
    } catch (error) {
      if (!alive.current) return;
      setStatus(
        error instanceof ApiRequestError && (error.status === 404 || error.status === 400) ? "notfound" : "error",
      );
    }
  }, [caseId]);

  useEffect(() => {
    alive.current = true;
    setStatus("loading");
    setMessages([]);
    void load();
    return () => {
      alive.current = false;
      aborter.current?.abort();
      for (const t of timers.current) clearTimeout(t);
    };
  }, [load]);

  const append = useCallback((...items: DisplayMessage[]) => {
    setMessages((current) => {
      const known = new Set(current.map((m) => m.id));
      return [...current, ...items.filter((m) => !known.has(m.id))];
    });
  }, []);

  /** The server goes on writing an answer when the connection drops: wait for it, then reload. */
  const resync = useCallback(async () => {
    setStreaming(EMPTY_STREAM);
    for (let i = 0; i < 90 && alive.current; i++) {
      const detail = await casesApi
        .get(caseId)
        .then((r) => r.case)
        .catch(() => null);
      if (detail && !detail.replying) {
        setCase(detail);
        break;
      }
      await new Promise((r) => setTimeout(r, 1500));
    }
    if (!alive.current) return;
    setStreaming(null);
    await load();
  }, [caseId, load, setCase]);

  const handle = useCallback(
    (localId: string | null) => (e: ChatStreamEvent) => {
      switch (e.event) {
        case "message": {
          const stored = e.data.message;
          setMessages((current) => current.map((m) => (m.id === localId ? { ...stored, key: m.key ?? m.id } : m)));
          setCase(e.data.case);
          break;
        }
        case "regenerating": {
          const { removedId } = e.data;
          if (removedId) setMessages((current) => current.filter((m) => m.id !== removedId));
          break;
        }
        case "status": {
          const stage = e.data;
          setStreaming((s) => ({ ...EMPTY_STREAM, ...s, stage }));
          break;
        }
        case "start": {
          const { provider, model } = e.data;
          setStreaming((s) => ({ ...EMPTY_STREAM, ...s, text: s?.text ?? "", provider, model }));
          break;
        }
        case "delta": {
          const { text } = e.data;
          setStreaming((s) => ({ ...EMPTY_STREAM, ...s, text: `${s?.text ?? ""}${text}` }));
          break;
        }
        case "reset":
          setStreaming((s) => (s ? { ...s, text: "" } : s));
          break;
        case "done": {
          setStreaming(null);
          append(e.data.message);
          const { followUp, keyDateOffer } = e.data;
          if (followUp) timers.current.push(setTimeout(() => append(followUp), TIMINGS_MS.autoDocumentOffer));
          if (keyDateOffer) timers.current.push(setTimeout(() => append(keyDateOffer), TIMINGS_MS.autoDocumentOffer));
          setCase(e.data.case);
          break;
        }
        case "stopped":
          setStreaming(null);
          if (e.data.message) append(e.data.message);
          setCase(e.data.case);
          break;
        case "error":
          setStreaming(null);
          toast.error(e.data.message);
          break;
      }
    },
    [append, setCase, toast],
  );

  const run = useCallback(
    /** Resolves false when the server refused the message (it was not stored). */
    async (path: string, body: unknown, localId: string | null): Promise<boolean> => {
      const controller = new AbortController();
      aborter.current = controller;
      setStreaming(EMPTY_STREAM);
      let ended = false;
      const onEvent = handle(localId);
      try {
        await postForEvents<ChatStreamEvent>(
          path,
          body,
          (event) => {
            if (TERMINAL.has(event.event)) ended = true;
            onEvent(event);
          },
          controller.signal,
        );
        if (!ended && alive.current) await resync();
        return true;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return true;
        setStreaming(null);
        if (error instanceof ApiRequestError && error.code === ERROR_CODES.aiLimited && localId) {
          // Over the AI limits the message is stored all the same: show the stored copy.
          toast.error(error.message);
          await load();
          return true;
        }
        if (localId) setMessages((current) => current.filter((m) => m.id !== localId));
        if (error instanceof ApiRequestError) {
          if (error.status === 402) onLimit.current();
          if (error.status === 0 && localId) {
            // The request may have reached the server: look before saying it failed.
            await resync();
            return true;
          }
          toast.error(error.message);
        } else {
          toast.error(CASE_TEXT.assistantFailure);
        }
        return false;
      }
    },
    [handle, load, resync, toast],
  );

  /** Send words, files, or both; resolves false when the server refused the message. */
  const send = useCallback(
    (content: string, attachments: readonly ChatAttachment[] = []) => {
      const localId = `local-${Date.now()}`;
      append({
        id: localId,
        caseId,
        content,
        isUser: true,
        createdAt: new Date().toISOString(),
        attachments: [...attachments],
        aiProvider: null,
        aiModel: null,
        state: "complete",
        kind: "chat",
        keyDateOffer: null,
        sources: null,
        pending: true,
      });
      return run(
        `/api/cases/${encodeURIComponent(caseId)}/messages`,
        { content, attachments: attachments.map((a) => a.id) },
        localId,
      );
    },
    [append, caseId, run],
  );

  const regenerate = useCallback(
    () => run(`/api/cases/${encodeURIComponent(caseId)}/regenerate`, {}, null),
    [caseId, run],
  );

  const stop = useCallback(() => {
    setStreaming((s) => (s ? { ...s, stopping: true } : s));
    casesApi.stop(caseId).catch(() => toast.error("The answer could not be stopped. Please try again."));
  }, [caseId, toast]);

  return {
    messages,
    status,
    streaming,
    hasOlder: olderCursor !== null,
    loadingOlder,
    append,
    setCase,
    resync,
    reload: load,
    async loadOlder() {
      if (!olderCursor || loadingOlder) return;
      setLoadingOlder(true);
      try {
        const page = await casesApi.messages(caseId, olderCursor);
        setMessages((current) => [...page.items, ...current]);
        setOlderCursor(page.nextCursor);
      } catch {
        toast.error("Earlier messages could not be loaded. Please try again.");
      } finally {
        setLoadingOlder(false);
      }
    },
    send,
    regenerate,
    stop,
  };
}
