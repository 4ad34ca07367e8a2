import { Button } from "@client/components/ui/Button";
import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import { go } from "@client/lib/checkout";
import { useSession } from "@client/lib/session";
import { formatDate } from "@shared/dates";
import { BILLING_TEXT } from "@shared/messages";
import type { BillingStatus } from "@shared/schemas/billing";
import { Crown, ExternalLink } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { billingApi, useSubscriptionChange } from "./billing-api";
import { SubscriptionCard } from "./SubscriptionCard";

/**
 * The Premium page for a member with a subscription: the card, and what they can do with it:
 * Stripe's portal (payment method, invoices, plan), cancel at the end of the period, resume.
 */
export function SubscriptionDetails({
  status,
  onError,
  onUpgrade,
}: {
  status: BillingStatus;
  onError: (message: string) => void;
  onUpgrade?: (() => void) | undefined;
}) {
  const subscription = status.subscription;
  const session = useSession();
  const navigate = useNavigate();
  const cancel = useSubscriptionChange("cancel");
  const resume = useSubscriptionChange("resume");
  const [confirming, setConfirming] = useState(false);
  const [opening, setOpening] = useState(false);
  if (!subscription) return null;
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : "the end of the period";
  const done = () => void session.refresh();
  const fail = (error: Error) => onError(error.message || BILLING_TEXT.unexpected);

  const openPortal = async () => {
    setOpening(true);
    try {
      go((await billingApi.portal()).url, navigate);
    } catch (error) {
      setOpening(false);
      onError(error instanceof Error ? error.message : BILLING_TEXT.unexpected);
    }
  };

  return (
    <>
      <SubscriptionCard subscription={subscription}>
        <div className="flex flex-wrap gap-2 pt-1">
          {status.mode === "stripe" ? (
            <Button variant="secondary" size="sm" onClick={openPortal} loading={opening} icon={ExternalLink}>
              Manage subscription
            </Button>
          ) : null}
          {subscription.source === "admin" ? (
            <p className="text-sm text-slate-700">
              Given to you by LawGuide until {end}: nothing is charged, and it ends by itself.
            </p>
          ) : subscription.cancelAtPeriodEnd ? (
            <Button
              size="sm"
              onClick={() => resume.mutate(undefined, { onSuccess: done, onError: fail })}
              loading={resume.isPending}
            >
              Resume subscription
            </Button>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              Cancel subscription
            </Button>
          )}
          {onUpgrade ? (
            <Button variant="premium" size="sm" onClick={onUpgrade} icon={Crown}>
              Upgrade to Premium Solutions
            </Button>
          ) : null}
        </div>
      </SubscriptionCard>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your subscription?"
        confirmLabel="Cancel at the end of the period"
        cancelLabel="Keep my subscription"
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              done();
            },
            onError: fail,
          })
        }
      >
        <p>
          You keep {subscription.plan} until {end}; after that your account moves to the Free plan and you are not
          charged again. Your cases and documents stay. You can resume before then.
        </p>
      </ConfirmDialog>
    </>
  );
}
