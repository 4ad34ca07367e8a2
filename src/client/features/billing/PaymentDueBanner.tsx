import { useSession } from "@client/lib/session";
import { formatDate } from "@shared/dates";
import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { useBillingStatus } from "./billing-api";

/**
 * After a failed payment the plan stays in force for the grace period: say so on every dashboard
 * page, with the way to fix it, until it is fixed or the grace period ends.
 */
export function PaymentDueBanner() {
  const { user } = useSession();
  const paying = Boolean(user && user.plan !== "free");
  const billing = useBillingStatus(paying);
  const subscription = billing.data?.subscription;
  if (!paying || subscription?.status !== "past_due") return null;
  return (
    <div role="status" className="border-b border-premium-300 bg-premium-50">
      <p className="mx-auto flex max-w-3xl items-start gap-2 px-4 py-2 text-sm text-premium-900">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Your last payment for {subscription.plan} did not go through.{" "}
          {subscription.graceUntil ? `It stays in force until ${formatDate(subscription.graceUntil)}. ` : ""}
          <Link to="/dashboard/premium" className="font-semibold underline">
            Update your payment method
          </Link>
        </span>
      </p>
    </div>
  );
}
