import { Alert } from "@client/components/ui/Alert";
import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { FeatureList } from "@client/components/ui/FeatureList";
import { PageHeader } from "@client/components/ui/PageHeader";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import { checkoutError, go } from "@client/lib/checkout";
import { usePlanSettings } from "@client/lib/public-settings";
import { BILLING_TEXT } from "@shared/messages";
import { formatPlanPrice, messageLimit, PAID_PLANS, type PaidPlanId, PLANS, planFeatures } from "@shared/plans";
import type { BillingStatus } from "@shared/schemas/billing";
import { BASIC_COMPLEXITIES, templatesForSale } from "@shared/template-offers";
import { uploadsPerMonth } from "@shared/uploads";
import { Check, Crown, Minus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { billingApi, useBillingStatus } from "./billing-api";
import { SubscriptionDetails } from "./SubscriptionDetails";
import { TemplatesBought } from "./TemplatesBought";

/**
 * The 'Document templates' row, from the rule in `template-offers.ts`: the complexities every plan
 * includes, and those Premium adds (which anyone else can buy once).
 */
function templateRow(): [free: string, premium: string] {
  const extra = [...new Set(templatesForSale().map((offer) => offer.complexity))].join(" and ");
  const basic = BASIC_COMPLEXITIES.join(" and ");
  if (!extra) return [basic, basic];
  return [`${basic} (${extra} ones can be bought once)`, `All, ${extra} included`];
}

/** Free and Premium Solutions side by side (spec section 2 'Premium page'). */
function Comparison() {
  const planSettings = usePlanSettings();
  const free = messageLimit("free", planSettings);
  const rows: Array<[string, string | boolean, string | boolean]> = [
    ["Messages per case with the assistant", `${free}`, "Unlimited"],
    ["Answers from two AIs side by side", "Previews", true],
    ["Document templates", ...templateRow()],
    ["Attorney referrals", true, "Priority"],
    ["Document uploads and analysis", `${uploadsPerMonth("free")} a month`, "Unlimited"],
    ["Support", "Email", planSettings.phoneSupport ? "Priority, email and phone" : "Priority, by email"],
  ];
  const cell = (value: string | boolean) =>
    value === true ? (
      <>
        <Check className="mx-auto size-5 text-green-700" aria-hidden />
        <span className="sr-only">Included</span>
      </>
    ) : value === false ? (
      <>
        <Minus className="mx-auto size-5 text-slate-500" aria-hidden />
        <span className="sr-only">Not included</span>
      </>
    ) : (
      value
    );
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">What Free and Premium Solutions include</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="p-4 font-semibold text-slate-700">
              Feature
            </th>
            <th scope="col" className="p-4 text-center font-semibold text-slate-700">
              {PLANS.free.name}
            </th>
            <th scope="col" className="p-4 text-center font-semibold text-premium-900">
              {PLANS.premium.name}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([feature, freeValue, premiumValue]) => (
            <tr key={feature} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="p-4 font-medium text-slate-800">
                {feature}
              </th>
              <td className="p-4 text-center text-slate-700">{cell(freeValue)}</td>
              <td className="p-4 text-center text-slate-900">{cell(premiumValue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** 'Choose Your Plan': one card per paid plan, each with 'Subscribe Now'. */
function PlanPicker({ status, headingId }: { status: BillingStatus; headingId: string }) {
  const planSettings = usePlanSettings();
  // The button that opened the picker is gone: keyboard and screen-reader users land on its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const navigate = useNavigate();
  const [pending, setPending] = useState<PaidPlanId | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = status.subscription?.planId;
  const subscribe = async (planId: PaidPlanId) => {
    setPending(planId);
    setError(null);
    try {
      const { url } = await billingApi.checkout({ planId });
      if (!url) throw new Error(BILLING_TEXT.noCheckoutUrl);
      go(url, navigate);
    } catch (e) {
      setError(checkoutError(e));
      setPending(null);
    }
  };
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
        Choose Your Plan
      </h2>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {status.mode === "off" ? <Alert tone="info">{BILLING_TEXT.paymentsOff}</Alert> : null}
      <ul className="grid gap-4 md:grid-cols-2">
        {PAID_PLANS.map((planId) => {
          const plan = PLANS[planId];
          const trial = planId === "premium" && status.trialAvailable;
          const titleId = `${headingId}-${planId}`;
          return (
            <li key={planId}>
              <Card
                className={plan.mostPopular ? "h-full border-premium-500 p-5 ring-1 ring-premium-500" : "h-full p-5"}
              >
                <article aria-labelledby={titleId} className="flex h-full flex-col gap-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 id={titleId} className="text-lg font-bold">
                      {plan.name}
                    </h3>
                    {plan.mostPopular ? <Badge tone="amber">Most Popular</Badge> : null}
                  </div>
                  <p className="text-2xl font-bold text-primary-950">{formatPlanPrice(plan)}</p>
                  <p className="text-sm text-slate-600">{plan.tagline}</p>
                  <FeatureList items={planFeatures(planId, planSettings)} className="flex-1" />
                  {trial ? (
                    <p className="text-sm font-medium text-green-800">
                      Starts with a {status.trialDays}-day free trial. Cancel before it ends and you pay nothing.
                    </p>
                  ) : null}
                  <Button
                    variant={plan.mostPopular ? "premium" : "secondary"}
                    onClick={() => subscribe(planId)}
                    loading={pending === planId}
                    disabled={
                      status.mode === "off" || pending !== null || (current === planId && status.plan === planId)
                    }
                    aria-label={`Subscribe Now: ${plan.name}`}
                  >
                    {current === planId && status.plan === planId ? "Your plan" : "Subscribe Now"}
                  </Button>
                </article>
              </Card>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-slate-600">
        {status.mode === "stripe"
          ? "Payments are handled by Stripe. LawGuide never sees your full card number. Cancel anytime; your plan lasts until the end of the period you paid for."
          : status.mode === "demo"
            ? "This copy of LawGuide takes test payments only: no card is charged. Cancel anytime."
            : "No payments are taken on this copy of LawGuide."}
      </p>
    </section>
  );
}

/** /dashboard/premium: not subscribed (the comparison), the plan picker, or the member's subscription. */
export function PremiumPage() {
  const billing = useBillingStatus();
  const toast = useToast();
  const [picking, setPicking] = useState(false);
  const pickerId = useId();

  if (billing.isPending) {
    return (
      <>
        <PageHeader title="LawGuide Premium" description={PLANS.premium.tagline} />
        <p role="status" className="sr-only">
          Loading your plan…
        </p>
        <Skeleton className="h-48 w-full" />
      </>
    );
  }
  if (billing.isError) {
    return (
      <>
        <PageHeader title="LawGuide Premium" description={PLANS.premium.tagline} />
        <Alert tone="danger" title={BILLING_TEXT.fetchFailed}>
          Check your connection and{" "}
          <button type="button" className="font-semibold underline" onClick={() => billing.refetch()}>
            try again
          </button>
          .
        </Alert>
      </>
    );
  }
  const status = billing.data;
  const subscribed = status.plan !== "free" && status.subscription !== null;
  return (
    <>
      <PageHeader title="LawGuide Premium" description={PLANS.premium.tagline} />
      <div className="space-y-6">
        {subscribed && status.subscription ? (
          <SubscriptionDetails
            status={status}
            onError={(message) => toast.error(message)}
            onUpgrade={status.plan === "basic" ? () => setPicking(true) : undefined}
          />
        ) : (
          <>
            <Comparison />
            {!picking ? (
              <div className="flex flex-wrap items-center gap-3">
                <Button variant="premium" onClick={() => setPicking(true)} icon={Crown}>
                  Choose Your Plan
                </Button>
                {status.trialAvailable ? (
                  <p className="text-sm text-slate-700">
                    {PLANS.premium.name} starts with a {status.trialDays}-day free trial.
                  </p>
                ) : null}
              </div>
            ) : null}
          </>
        )}
        {picking ? (
          <div id={pickerId}>
            <PlanPicker status={status} headingId={`${pickerId}-title`} />
          </div>
        ) : null}
        <TemplatesBought templates={status.templatesBought} />
      </div>
    </>
  );
}
