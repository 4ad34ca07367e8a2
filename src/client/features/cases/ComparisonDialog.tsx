import { Markdown } from "@client/components/Markdown";
import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Dialog } from "@client/components/ui/Dialog";
import { ApiRequestError } from "@client/lib/api";
import { markdownPreview } from "@client/lib/markdown-preview";
import { type JsonAnswer, postForEvents } from "@client/lib/sse";
import { ERROR_CODES } from "@shared/api-error";
import { UI_LIMITS } from "@shared/constants";
import { CASE_TEXT } from "@shared/messages";
import type { ChatMessage, ComparisonAnswer } from "@shared/schemas/cases";
import type { ComparisonPreview, ComparisonStreamEvent } from "@shared/schemas/streams";
import { Check, Crown, Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { casesApi } from "./cases-api";

type Side = ComparisonAnswer["side"];
const SIDES: Side[] = ["anthropic", "openai"];
const SIDE_LABEL: Record<Side, string> = { anthropic: "Claude (Anthropic)", openai: "GPT (OpenAI)" };

interface Column {
  text: string;
  answer: ComparisonAnswer | null;
}

const empty = (): Record<Side, Column> => ({
  anthropic: { text: "", answer: null },
  openai: { text: "", answer: null },
});

/** Both columns with their finished answers. */
function columnsOf(answers: ComparisonAnswer[]): Record<Side, Column> {
  const columns = empty();
  for (const answer of answers) columns[answer.side] = { text: answer.content, answer };
  return columns;
}

/**
 * 'AI Response Comparison' (spec section 6). Premium: both full answers stream side by side and
 * one can be kept. Free: short previews with an upgrade prompt, or the standard answer instead.
 */
export function ComparisonDialog({
  caseId,
  question,
  premium,
  onClose,
  onChosen,
  onStandard,
  onUpgrade,
  onUnavailable,
}: {
  caseId: string;
  question: string;
  premium: boolean;
  /** Closed without keeping an answer. */
  onClose: () => void;
  onChosen: (messages: ChatMessage[]) => void;
  onStandard: () => void;
  onUpgrade: () => void;
  onUnavailable: (status: number, message: string) => void;
}) {
  const [columns, setColumns] = useState<Record<Side, Column>>(empty);
  const [comparisonId, setComparisonId] = useState<string | null>(null);
  // No provider answers either side: one offline answer stands for both.
  const [offline, setOffline] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<Side | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const controller = new AbortController();
    const show = (answers: ComparisonAnswer[]) => {
      setColumns(columnsOf(answers));
      setDone(true);
    };
    postForEvents<ComparisonStreamEvent | JsonAnswer<ComparisonPreview>>(
      `/api/cases/${encodeURIComponent(caseId)}/comparisons`,
      { content: question },
      (e) => {
        switch (e.event) {
          case "json":
            setComparisonId(e.data.comparison.id);
            setOffline(e.data.comparison.offline);
            show(e.data.comparison.answers);
            break;
          case "comparison":
            setComparisonId(e.data.id);
            setOffline(e.data.offline);
            break;
          case "delta": {
            const { side, text } = e.data;
            setColumns((c) => ({ ...c, [side]: { ...c[side], text: c[side].text + text } }));
            break;
          }
          case "reset": {
            const { side } = e.data;
            setColumns((c) => ({ ...c, [side]: { text: "", answer: null } }));
            break;
          }
          case "done":
            show(e.data.answers);
            break;
          case "error":
            setError(e.data.message);
            break;
        }
      },
      controller.signal,
    ).catch((e: unknown) => {
      if (e instanceof DOMException && e.name === "AbortError") return;
      if (e instanceof ApiRequestError && (e.status === 402 || e.code === ERROR_CODES.comparisonOff))
        onUnavailable(e.status, e.message);
      else setError(e instanceof Error ? e.message : CASE_TEXT.comparisonFailed);
    });
    return () => controller.abort();
  }, [caseId, question, onUnavailable]);

  const choose = async (side: Side) => {
    if (!comparisonId) return;
    setChoosing(side);
    try {
      const result = await casesApi.choose(caseId, comparisonId, side);
      onChosen(result.messages);
    } catch (e) {
      setError(e instanceof Error ? e.message : "That answer could not be kept. Please try again.");
      setChoosing(null);
    }
  };

  // Both sides answered by the offline assistant (none configured, or both failed): say so once
  // and show its one answer, without the per-side "confidence" that would mean nothing here.
  const answers = SIDES.map((side) => columns[side].answer);
  const single = offline || (done && answers.every((a) => a?.provider === "offline"));
  const shown = single ? SIDES.slice(0, 1) : SIDES;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="xl"
      title="AI Response Comparison"
      description={
        single
          ? premium
            ? "Keep the answer to add it and your question to the conversation."
            : "A preview of the answer."
          : premium
            ? "Two AI models answer the same question. Keep the one you find clearer."
            : "A preview of how two AI models answer."
      }
      footer={
        premium ? (
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onStandard}>
              Continue with standard answer
            </Button>
            <Button variant="premium" onClick={onUpgrade} icon={Crown}>
              Upgrade
            </Button>
          </>
        )
      }
    >
      <p className="mb-4 rounded-[var(--radius-control)] bg-slate-100 p-3 text-sm text-slate-700">
        <span className="font-semibold">Your question: </span>
        {question.length > UI_LIMITS.questionPreviewChars
          ? `${question.slice(0, UI_LIMITS.questionPreviewChars)}…`
          : question}
      </p>
      {error ? (
        <Alert tone="danger" className="mb-4">
          {error}
        </Alert>
      ) : null}
      {single ? (
        <Alert tone="info" className="mb-4">
          No AI model is connected right now, so this answer comes from LawGuide's offline assistant: one answer, not a
          comparison.
        </Alert>
      ) : null}
      <div className={single ? "grid gap-4" : "grid gap-4 md:grid-cols-2"}>
        {shown.map((side) => {
          const column = columns[side];
          const answer = column.answer;
          const text = premium ? column.text : markdownPreview(column.text, UI_LIMITS.comparisonCardChars);
          return (
            <section
              key={side}
              aria-labelledby={`cmp-${side}`}
              className="flex flex-col rounded-[var(--radius-card)] border border-slate-200 p-4"
            >
              <div className="flex items-baseline justify-between gap-2">
                <h3 id={`cmp-${side}`} className="font-semibold">
                  {single ? "LawGuide's offline assistant" : SIDE_LABEL[side]}
                  {!single && answer?.provider === "offline" ? (
                    <span className="font-normal text-slate-600"> · offline</span>
                  ) : null}
                </h3>
                {answer && !single ? (
                  <span className="text-sm font-semibold text-green-800">{answer.confidence}% confident</span>
                ) : null}
              </div>
              {answer && !single ? <p className="mt-1 text-xs text-slate-600">{answer.reasoning}</p> : null}
              <div className="mt-3 min-h-24 flex-1 text-sm text-slate-800" aria-busy={!answer}>
                {text ? (
                  <Markdown>{text}</Markdown>
                ) : (
                  <p className="flex items-center gap-2 text-slate-600">
                    <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden /> Writing…
                  </p>
                )}
              </div>
              {premium ? (
                <Button
                  className="mt-3"
                  disabled={!done || choosing !== null || !answer}
                  loading={choosing === side}
                  onClick={() => choose(side)}
                  icon={Check}
                >
                  Use this answer
                </Button>
              ) : (
                <Button variant="secondary" className="mt-3" onClick={onUpgrade} icon={Crown}>
                  Upgrade to see the full answer
                </Button>
              )}
            </section>
          );
        })}
      </div>
      <p className="mt-4 text-xs text-slate-600">
        {single
          ? "Legal information, not legal advice."
          : "Legal information, not legal advice. Confidence is each model's own estimate."}
      </p>
    </Dialog>
  );
}
