import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Dialog, type DialogOpenState } from "@client/components/ui/Dialog";
import { FeatureList } from "@client/components/ui/FeatureList";
import { usePlanSettings } from "@client/lib/public-settings";
import { formatPlanPrice, PLANS, planFeatures, trialDaysOf } from "@shared/plans";
import { Crown } from "lucide-react";
import { memo } from "react";

/** 'Upgrade to Premium' (spec section 2), priced from the plan catalogue. */
export const UpgradeDialog = memo(function UpgradeDialog({ reason, ...dialog }: DialogOpenState & { reason?: string }) {
  const premium = PLANS.premium;
  const planSettings = usePlanSettings();
  return (
    <Dialog
      {...dialog}
      title="Upgrade to Premium"
      description={reason ?? premium.tagline}
      footer={
        <ButtonLink to="/dashboard/premium" variant="premium" icon={Crown}>
          See Premium
        </ButtonLink>
      }
    >
      <p className="text-2xl font-bold text-primary-950">{formatPlanPrice(premium)}</p>
      <p className="text-sm text-slate-600">
        {trialDaysOf("premium", planSettings) ? `${trialDaysOf("premium", planSettings)}-day free trial. ` : ""}Cancel
        anytime.
      </p>
      <FeatureList items={planFeatures("premium", planSettings)} className="mt-4" />
    </Dialog>
  );
});
