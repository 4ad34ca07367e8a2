import { ApiRequestError } from "@client/lib/api";
import { uploadKeys } from "@client/lib/query";
import { postForEvents } from "@client/lib/sse";
import type { UploadAnalysisStreamEvent } from "@shared/schemas/streams";
import type { UploadDetail } from "@shared/schemas/uploads";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";

export type AnalysisPhase = "idle" | "reading" | "analysing" | "done" | "error";

export interface AnalysisState {
  phase: AnalysisPhase;
  fileName: string;
  /** The analysis as it streams in (Markdown); the stored one once done. */
  text: string;
  upload: UploadDetail | null;
  error: string | null;
}

const IDLE: AnalysisState = { phase: "idle", fileName: "", text: "", upload: null, error: null };

export const ANALYSIS_FAILED = "The analysis could not be finished. Please try again.";

/** 'Reading lease.pdf…' or 'Analysing lease.pdf…' while the assistant works; null otherwise. */
export function analysisStageText(state: AnalysisState): string | null {
  if (state.phase === "reading") return `Reading ${state.fileName}…`;
  if (state.phase === "analysing") return `Analysing ${state.fileName}…`;
  return null;
}

/**
 * One document analysis at a time (`POST /api/uploads/:id/analysis`, server-sent events): the
 * file is read, then analysed, and the analysis streams in; the stored result refreshes the
 * member's uploads. Leaving the page cancels it.
 */
export function useUploadAnalysis() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AnalysisState>(IDLE);
  const aborter = useRef<AbortController | null>(null);

  useEffect(() => () => aborter.current?.abort(), []);

  const onEvent = useCallback(
    (event: UploadAnalysisStreamEvent) => {
      switch (event.event) {
        case "status": {
          const { stage: phase, fileName } = event.data;
          setState((s) => ({ ...s, phase, fileName }));
          break;
        }
        case "start":
          setState((s) => ({ ...s, phase: "analysing" }));
          break;
        case "delta": {
          const { text } = event.data;
          setState((s) => ({ ...s, phase: "analysing", text: s.text + text }));
          break;
        }
        case "reset":
          setState((s) => ({ ...s, text: "" }));
          break;
        case "done": {
          const { upload } = event.data;
          queryClient.setQueryData(uploadKeys.detail(upload.id), upload);
          void queryClient.invalidateQueries({ queryKey: uploadKeys.list() });
          setState((s) => ({ ...s, phase: "done", upload, text: upload.analysis ?? s.text, error: null }));
          break;
        }
        case "error": {
          const { message } = event.data;
          setState((s) => ({ ...s, phase: "error", error: message }));
          break;
        }
      }
    },
    [queryClient],
  );

  const start = useCallback(
    async (uploadId: string, fileName: string) => {
      aborter.current?.abort();
      const controller = new AbortController();
      aborter.current = controller;
      setState({ ...IDLE, phase: "reading", fileName });
      try {
        await postForEvents<UploadAnalysisStreamEvent>(
          `/api/uploads/${encodeURIComponent(uploadId)}/analysis`,
          {},
          onEvent,
          controller.signal,
        );
        // The stream ended without its last word: say so rather than wait forever.
        setState((s) =>
          s.phase === "done" || s.phase === "error" || controller.signal.aborted
            ? s
            : { ...s, phase: "error", error: ANALYSIS_FAILED },
        );
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiRequestError ? error.message : ANALYSIS_FAILED;
        setState((s) => ({ ...s, phase: "error", error: message }));
      } finally {
        if (aborter.current === controller) aborter.current = null;
      }
    },
    [onEvent],
  );

  const cancel = useCallback(() => {
    aborter.current?.abort();
    aborter.current = null;
    setState(IDLE);
  }, []);

  return { state, start, cancel };
}
