import { Card } from "@client/components/ui/Card";
import { LoadError } from "@client/components/ui/LoadError";
import { Skeleton } from "@client/components/ui/Skeleton";
import { answerSourceName, OFFLINE_MODEL } from "@shared/ai-providers";
import { AI_PROVIDER_LABELS, type AiProviderId } from "@shared/schemas/admin-ai-models";
import { Trophy } from "lucide-react";
import { useId } from "react";
import { useLeaderboard } from "./ai-models-api";

const providerName = (provider: string) => AI_PROVIDER_LABELS[provider as AiProviderId] ?? answerSourceName(provider);
const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/**
 * The comparison leaderboard: which provider and model Premium members kept when shown two
 * answers side by side, over the last 30 days (counted by the server).
 */
export function Leaderboard() {
  const board = useLeaderboard();
  const headingId = useId();
  return (
    <Card className="p-5">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Trophy className="size-5 text-primary-800" aria-hidden />
          Comparison leaderboard
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Which answer members kept in comparisons
          {board.data
            ? `, last ${board.data.days} days: ${board.data.total.toLocaleString("en-US")} ${board.data.total === 1 ? "choice" : "choices"}`
            : ""}
          .
        </p>
        <div className="mt-4">
          {board.isPending ? (
            <div className="space-y-3">
              <p role="status" className="sr-only">
                Loading the leaderboard…
              </p>
              {[0, 1, 2].map((row) => (
                <div key={row} className="space-y-2" aria-hidden>
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-2 w-full" />
                </div>
              ))}
            </div>
          ) : board.isError ? (
            <LoadError title="The leaderboard could not be loaded" onRetry={board.refetch} />
          ) : board.data.entries.length === 0 ? (
            <p className="rounded-[var(--radius-control)] bg-slate-50 p-4 text-sm text-slate-700">
              No member has kept a comparison answer in the last {board.data.days} days.
            </p>
          ) : (
            <ol className="space-y-4">
              {board.data.entries.map((entry, index) => (
                <li key={`${entry.provider}/${entry.model}`} className="space-y-1.5">
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <p className="min-w-0">
                      <span className="font-semibold text-slate-900">
                        {index + 1}. {providerName(entry.provider)}
                      </span>
                      {/* The offline assistant's built-in model id would only repeat its name. */}
                      {entry.provider === "offline" || entry.model === OFFLINE_MODEL ? null : (
                        <>
                          {" "}
                          <span className="break-all font-mono text-slate-700">{entry.model || "unknown model"}</span>
                        </>
                      )}
                    </p>
                    <p className="shrink-0 text-right text-slate-700">
                      {entry.count.toLocaleString("en-US")} {entry.count === 1 ? "choice" : "choices"} ·{" "}
                      <span className="font-semibold text-slate-900">{percent(entry.share)}</span>
                    </p>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                    <div className="h-full rounded-full bg-primary-800" style={{ width: percent(entry.share) }} />
                  </div>
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
    </Card>
  );
}
