import { Button } from "@client/components/ui/Button";
import { useToast } from "@client/components/ui/Toast";
import { apiFetch, refusalText } from "@client/lib/api";
import type { KeyDateOffer } from "@shared/schemas/cases";
import { US_STATES } from "@shared/us-states";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { useId, useState } from "react";

/**
 * The assistant's offer to add a key date the member stated ("I moved out on March 3"): added to
 * the case's key dates only when they say yes (with the state the case names, or one they choose),
 * or set aside.
 */
export function KeyDateOfferCard({
  caseId,
  messageId,
  offer,
  onOpenKeyDates,
}: {
  caseId: string;
  messageId: string;
  offer: KeyDateOffer;
  onOpenKeyDates: () => void;
}) {
  const ids = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(offer.status);
  const [state, setState] = useState(offer.state ?? "");
  const [pending, setPending] = useState<"add" | "decline" | null>(null);

  const answer = async (choice: "add" | "decline") => {
    if (choice === "add" && !state) {
      toast.error("Please choose the state first.");
      return;
    }
    setPending(choice);
    try {
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const result = await apiFetch<{ status: "added" | "declined" }>(
        `/api/cases/${encodeURIComponent(caseId)}/messages/${encodeURIComponent(messageId)}/key-date-offer`,
        { body: { answer: choice, ...(choice === "add" ? { state } : {}), ...(timeZone ? { timeZone } : {}) } },
      );
      setStatus(result.status);
      if (result.status === "added") {
        void queryClient.invalidateQueries({ queryKey: ["key-dates"] });
        toast.success(`Added to this case's key dates: ${offer.eventLabel}, ${offer.eventDateText}.`);
      }
    } catch (error) {
      toast.error(refusalText(error, "The date could not be added. Please try again."));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="flex justify-start">
      <section
        aria-labelledby={`${ids}-title`}
        className="w-full max-w-[92%] space-y-3 rounded-2xl rounded-bl-sm border border-primary-200 bg-primary-50 px-4 py-3 text-slate-800 sm:max-w-[85%]"
      >
        <h2 id={`${ids}-title`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <CalendarClock className="size-5 shrink-0 text-primary-800" aria-hidden />
          Add this date to your key dates?
        </h2>
        <p>
          You mentioned: <strong>{offer.eventLabel}</strong>, {offer.eventDateText}
          {offer.stateName ? ` (${offer.stateName})` : ""}. LawGuide can work out the deadlines that follow and remind
          you.
        </p>
        {status === "open" ? (
          <div className="flex flex-wrap items-end gap-2">
            {offer.state ? null : (
              <div>
                <label htmlFor={`${ids}-state`} className="block text-sm font-semibold text-slate-800">
                  State
                </label>
                <select
                  id={`${ids}-state`}
                  value={state}
                  onChange={(e) => setState(e.target.value)}
                  className="mt-1 h-11 rounded-[var(--radius-control)] border border-slate-300 bg-white px-3"
                >
                  <option value="">Choose a state</option>
                  {US_STATES.map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <Button
              size="sm"
              loading={pending === "add"}
              disabled={pending !== null}
              onClick={() => void answer("add")}
            >
              Add to Key Dates
            </Button>
            <Button
              size="sm"
              variant="ghost"
              loading={pending === "decline"}
              disabled={pending !== null}
              onClick={() => void answer("decline")}
            >
              No Thanks
            </Button>
          </div>
        ) : status === "added" ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Added to this case's key dates.
            <Button size="sm" variant="secondary" onClick={onOpenKeyDates}>
              See Key Dates
            </Button>
          </p>
        ) : (
          <p className="text-sm text-slate-700">Not added. You can add dates any time from Key dates.</p>
        )}
      </section>
    </div>
  );
}
