import { ApiRequestError } from "@client/lib/api";
import { ERROR_CODES } from "@shared/api-error";
import type { Answers } from "@shared/templates/types";
import { useCallback, useEffect, useRef, useState } from "react";
import { documentsApi, useCacheDraft } from "./documents-api";
import type { GeneratorState } from "./generator-state";

/** Whether any answer holds something (text, a choice, a ticked box). */
export function hasAnswers(answers: Answers): boolean {
  return Object.values(answers).some((value) =>
    Array.isArray(value) ? value.length > 0 : typeof value === "string" ? value.trim() !== "" : value === true,
  );
}

/** How long after the last change the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 800;

/** refused: the server will not keep a draft of this template (the member may not use it yet). */
export type DraftStatus = "idle" | "saving" | "saved" | "failed" | "refused";

interface PendingSave {
  templateId: string;
  answers: Answers;
  step: number;
}

/**
 * Saves the open template's answers and step as a draft, a moment after the member's last change.
 * `settle(templateId)` is called before generating: it drops a save still waiting for that
 * template (generating replaces the draft) and waits for a save already on its way.
 * A template the server says is for sale (402) is not saved again: `onForSale` is told, once.
 */
export function useDraftAutosave(state: GeneratorState, onForSale?: (templateId: string, message: string) => void) {
  const cacheDraft = useCacheDraft();
  const [status, setStatus] = useState<DraftStatus>("idle");
  const pending = useRef<PendingSave | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<unknown> | null>(null);
  const cacheRef = useRef(cacheDraft);
  cacheRef.current = cacheDraft;
  const forSaleRef = useRef(onForSale);
  forSaleRef.current = onForSale;
  /** Templates whose drafts the server refused (for sale): nothing more is sent for them. */
  const refused = useRef(new Set<string>());

  // Saves go out one after another, so the server always ends with the latest answers.
  const send = useCallback((save: PendingSave) => {
    setStatus("saving");
    const run = () =>
      documentsApi
        .saveDraft(save.templateId, save.answers, save.step)
        .then(({ draft }) => {
          cacheRef.current(draft);
          setStatus("saved");
        })
        .catch((error: unknown) => {
          if (error instanceof ApiRequestError && error.code === ERROR_CODES.templateForSale) {
            refused.current.add(save.templateId);
            setStatus("refused");
            forSaleRef.current?.(save.templateId, error.message);
          } else {
            setStatus("failed");
          }
        });
    const request = (inFlight.current ?? Promise.resolve()).then(run);
    inFlight.current = request;
    void request.then(() => {
      if (inFlight.current === request) inFlight.current = null;
    });
  }, []);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const save = pending.current;
    pending.current = null;
    if (save) send(save);
  }, [send]);

  const { edits, templateId, answers, step, generating } = state;
  // Only a new change schedules a save; the values travel with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scheduled per change, not per render
  useEffect(() => {
    if (edits === 0 || !templateId || generating || (step !== 1 && step !== 2)) return;
    if (refused.current.has(templateId)) return;
    // Nothing typed yet is nothing to keep: no empty draft.
    if (!hasAnswers(answers)) return;
    pending.current = { templateId, answers, step };
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
  }, [edits]);

  // Leaving the page: a waiting save goes out at once (kept alive while the page unloads).
  useEffect(() => {
    const onPageHide = () => {
      const save = pending.current;
      if (!save || refused.current.has(save.templateId)) return;
      pending.current = null;
      if (timer.current) clearTimeout(timer.current);
      void fetch(`/api/documents/drafts/${encodeURIComponent(save.templateId)}`, {
        method: "PUT",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ answers: save.answers, step: save.step }),
        keepalive: true,
      }).catch(() => undefined);
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      flush();
    };
  }, [flush]);

  const settle = useCallback(
    async (forTemplateId: string) => {
      if (pending.current?.templateId === forTemplateId) {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        pending.current = null;
      } else {
        flush();
      }
      await inFlight.current;
    },
    [flush],
  );

  const resetStatus = useCallback(() => setStatus("idle"), []);

  return { status, settle, resetStatus };
}
