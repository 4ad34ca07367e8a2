import { Badge } from "@client/components/ui/Badge";
import { Card } from "@client/components/ui/Card";
import { PageHeader } from "@client/components/ui/PageHeader";
import { useSession } from "@client/lib/session";
import { formatPlanPrice, PLANS } from "@shared/plans";
import { Check, Crown } from "lucide-react";

export function PremiumPage() {
  const { user } = useSession();
  const isPremium = user?.plan === "premium";
  return (
    <>
      <PageHeader title="LawGuide Premium" description={PLANS.premium.tagline} />
      {isPremium ? (
        <Card className="mb-4 border-premium-300 bg-premium-50 p-4">
          <p className="flex items-center gap-2 font-semibold text-premium-900">
            <Crown className="size-5" aria-hidden /> You are a Premium member.
          </p>
        </Card>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {[PLANS.free, PLANS.premium].map((plan) => (
          <Card key={plan.id} className="p-5">
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-lg font-bold">{plan.name}</h2>
              {plan.trialDays ? <Badge tone="amber">{plan.trialDays}-day free trial</Badge> : null}
            </div>
            <p className="mt-1 text-2xl font-bold text-primary-950">{formatPlanPrice(plan)}</p>
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="size-4 shrink-0 text-green-700" aria-hidden />
                  {feature}
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
      <p className="mt-4 text-sm text-slate-600">Subscribing from this page is on its way.</p>
    </>
  );
}
