import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { controlClasses, Field, Input } from "@client/components/ui/Field";
import { failureText } from "@client/features/admin/admin-api";
import { cn } from "@client/lib/cn";
import { formatDate } from "@shared/dates";
import { type PaidPlanId, PLANS } from "@shared/plans";
import { type AdminUserRow, MAX_GRANT_DAYS } from "@shared/schemas/admin-users";
import { type FormEvent, useId, useState } from "react";
import { useGrantPlan, useRevokeGrant } from "./admin-users-api";
import { PlanBadge, paidThroughStripe, periodText, planName, sourceLabel, statusLabel } from "./user-labels";

const GRANT_FAILED = "Failed to change the subscription. Please try again.";
const DAYS_TEXT = `Enter a number of days from 1 to ${MAX_GRANT_DAYS}.`;

/**
 * A member's subscription as stored (plan, status, where it comes from, period end), and the
 * administrator's grant: Premium Solutions or Basic for a number of days, or taking a grant back.
 */
export function SubscriptionPanel({ row, onChanged }: { row: AdminUserRow; onChanged: (row: AdminUserRow) => void }) {
  const ids = useId();
  const grant = useGrantPlan();
  const revoke = useRevokeGrant();
  const [planId, setPlanId] = useState<PaidPlanId>("premium");
  const [days, setDays] = useState("30");
  const [daysError, setDaysError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const sub = row.subscription;
  const stripe = paidThroughStripe(sub);
  const granted = sub?.source === "admin" && row.plan !== "free";

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const n = Number(days);
    if (!Number.isInteger(n) || n < 1 || n > MAX_GRANT_DAYS) {
      setDaysError(DAYS_TEXT);
      return;
    }
    setDaysError(null);
    grant.mutate(
      { id: row.id, planId, days: n },
      {
        onSuccess: (result) => {
          onChanged(result.user);
          setMessage({
            tone: "success",
            text: `${PLANS[planId].name} granted until ${formatDate(result.subscription.currentPeriodEnd)}.`,
          });
        },
        onError: (error) => setMessage({ tone: "danger", text: failureText(error, GRANT_FAILED) }),
      },
    );
  }

  function takeBack() {
    setMessage(null);
    revoke.mutate(row.id, {
      onSuccess: (result) => {
        onChanged(result.user);
        setMessage({ tone: "success", text: "The granted plan has ended. The member is on the Free plan." });
      },
      onError: (error) => setMessage({ tone: "danger", text: failureText(error, GRANT_FAILED) }),
    });
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-6 space-y-3 border-t border-slate-200 pt-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`${ids}-title`} className="text-base font-bold text-slate-900">
          Subscription
        </h3>
        <PlanBadge plan={row.plan} />
      </div>
      {sub ? (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Plan</dt>
          <dd className="font-medium text-slate-900">{planName(sub)}</dd>
          <dt className="text-slate-600">Status</dt>
          <dd className="font-medium text-slate-900">
            {statusLabel(sub.status)}
            {row.plan === "free" && sub.status !== "canceled" ? " (no longer in force)" : ""}
          </dd>
          <dt className="text-slate-600">Source</dt>
          <dd className="font-medium text-slate-900">{sourceLabel(sub.source)}</dd>
          {periodText(sub) ? (
            <>
              <dt className="text-slate-600">Period</dt>
              <dd className="font-medium text-slate-900">{periodText(sub)}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="text-sm text-slate-700">No subscription: this member is on the Free plan.</p>
      )}

      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}

      {stripe ? (
        <p className="text-sm text-slate-700">
          This member pays through Stripe. Change or cancel their subscription in Stripe; a plan cannot be granted over
          it.
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem_auto] sm:items-end">
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-plan`} className="block text-sm font-semibold text-slate-800">
              Grant plan
            </label>
            <select
              id={`${ids}-plan`}
              value={planId}
              onChange={(event) => setPlanId(event.target.value === "basic" ? "basic" : "premium")}
              className={cn(controlClasses, "h-11 pr-8")}
            >
              <option value="premium">{PLANS.premium.name}</option>
              <option value="basic">{PLANS.basic.name}</option>
            </select>
          </div>
          <Field label="Days" error={daysError}>
            {(props) => (
              <Input
                {...props}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_GRANT_DAYS}
                step={1}
                value={days}
                onChange={(event) => setDays(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary" loading={grant.isPending}>
            Grant
          </Button>
          <p className="text-sm text-slate-600 sm:col-span-3">
            No payment is taken. The plan ends by itself after the days chosen, and replaces any demo subscription.
          </p>
        </form>
      )}
      {granted ? (
        <Button variant="ghost" onClick={takeBack} loading={revoke.isPending} className="text-red-800">
          Revoke granted plan
        </Button>
      ) : null}
    </section>
  );
}
