import { Badge } from "@client/components/ui/Badge";
import { Card } from "@client/components/ui/Card";
import { FeatureList } from "@client/components/ui/FeatureList";
import { PageHeader } from "@client/components/ui/PageHeader";
import { usePlanSettings } from "@client/lib/public-settings";
import { useSession } from "@client/lib/session";
import { formatPlanPrice, PLANS, planFeatures } from "@shared/plans";
import { Crown } from "lucide-react";

export function PremiumPage() {
  const { user } = useSession();
  const isPremium = user?.plan === "premium";
  const planSettings = usePlanSettings();
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
            <FeatureList items={planFeatures(plan.id, planSettings)} className="mt-4" />
          </Card>
        ))}
      </div>
      <p className="mt-4 text-sm text-slate-600">Subscribing from this page is on its way.</p>
    </>
  );
}
