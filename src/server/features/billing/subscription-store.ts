import { type PaidPlanId, PLANS, paidPlanOf, trialDaysOf } from "@shared/plans";
import type { SubscriptionView } from "@shared/schemas/billing";
import { formatTemplatePrice, type TemplateOffer, templateLink } from "@shared/template-offers";
import type Stripe from "stripe";
import type { Config } from "../../config";
import type { Db, DbOrTx } from "../../db/client";
import { describeFault, type Logger } from "../../lib/logger";
import type { AppLogEntry, LogService } from "../logs/logs.service";
import type { Mail } from "../mail/mail.service";
import type { MemberNotifier } from "../mail/notify-member";
import { paymentMail, templateReceiptMail } from "../mail/templates";
import type { SettingsService } from "../settings/settings.service";
import { findSubscription, type NewSubscription, type SubscriptionRow, upsertSubscription } from "./billing.queries";

export const DAY_MS = 24 * 3_600_000;

export type PaymentMailKind = "receipt" | "failed" | "trial_ending";

/** What the billing feature is built from; each of its parts takes the few it needs. */
export interface BillingDeps {
  db: Db;
  config: Pick<Config, "publicUrl" | "stripe" | "demoCheckout">;
  stripe: Stripe | null;
  settings: SettingsService;
  logs: LogService;
  notifier: MemberNotifier;
  logger: Logger;
}

export function toSubscriptionView(row: SubscriptionRow): SubscriptionView {
  const planId = paidPlanOf(row.plan);
  return {
    plan: PLANS[planId].name,
    planId,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    paymentMethodBrand: row.paymentMethodBrand,
    paymentMethodLast4: row.paymentMethodLast4,
    graceUntil: row.graceUntil?.toISOString() ?? null,
    source: row.source,
  };
}

/** A line of the payment log (category payment, which administrators read). */
function paymentEntry(
  userId: string | null,
  message: string,
  metadata: Record<string, unknown>,
  level?: "warn",
): AppLogEntry {
  return { userId, ...(level ? { level } : {}), category: "payment", message, metadata };
}

/**
 * What the three sources of a subscription (Stripe, the demo checkout, administrators) share: the
 * member's one subscription row, read and stored; the trial rule; the payment log; and the payment
 * mail (receipts, failed payments, trials about to end).
 */
export function createSubscriptionStore(
  deps: Pick<BillingDeps, "db" | "config" | "settings" | "logs" | "notifier" | "logger">,
) {
  const { db, config, settings, logs, notifier, logger } = deps;

  /**
   * The payment mail (receipt, failure, trial ending), written, when the settings and the
   * member's preferences allow it: queue it with `queueMail` in the change's transaction.
   */
  function writePaymentMail(
    userId: string,
    kind: PaymentMailKind,
    planId: PaidPlanId,
    trialEndsAt: Date | null = null,
  ): Promise<Mail | null> {
    return notifier.memberMail(userId, "payment", (_member, { general }, unsubscribeUrl) =>
      paymentMail(general, {
        kind,
        plan: PLANS[planId].name,
        endDate: (trialEndsAt ?? new Date()).toLocaleDateString("en-US", {
          month: "long",
          day: "numeric",
          year: "numeric",
          timeZone: "UTC",
        }),
        link: `${config.publicUrl}/dashboard/premium`,
        unsubscribeUrl,
      }),
    );
  }

  return {
    find: (userId: string): Promise<SubscriptionRow | null> => findSubscription(db, userId),

    /** Store a member's subscription as it now is (one row per member). */
    save: (row: NewSubscription): Promise<SubscriptionRow> => upsertSubscription(db, row),

    /** One free trial per member, when the settings give this plan one. */
    async trialAvailable(userId: string, planId: PaidPlanId): Promise<boolean> {
      const { subscription } = await settings.get();
      if (trialDaysOf(planId, subscription) === 0) return false;
      const row = await findSubscription(db, userId);
      return !row?.trialUsedAt;
    },

    /** Write a line of the payment log now. */
    log: (userId: string | null, message: string, metadata: Record<string, unknown>, level?: "warn") =>
      logs.app(paymentEntry(userId, message, metadata, level)),

    /** The same line as a row, for a statement that writes it with its change (both commit, or neither). */
    logRow: (userId: string | null, message: string, metadata: Record<string, unknown>, level?: "warn") =>
      logs.appRow(paymentEntry(userId, message, metadata, level)),

    paymentMail: writePaymentMail,

    /** The receipt for a template bought once, written, when the settings and the member's preferences allow. */
    templateReceipt(userId: string, offer: TemplateOffer): Promise<Mail | null> {
      return notifier.memberMail(userId, "payment", (_member, { general }, unsubscribeUrl) =>
        templateReceiptMail(general, {
          template: offer.name,
          price: formatTemplatePrice(offer.priceCents),
          link: `${config.publicUrl}${templateLink(offer.id)}`,
          unsubscribeUrl,
        }),
      );
    },

    /** Queue a written mail in the transaction of the change that causes it; `wakeMail` once it has committed. */
    queueMail: (mail: Mail, tx: DbOrTx): Promise<string> => notifier.queue(mail, tx),
    wakeMail: (): void => notifier.wake(),

    /** Write and queue a payment mail on its own (the demo's payments); a failure is logged, not thrown. */
    async mail(userId: string, kind: PaymentMailKind, planId: PaidPlanId, trialEndsAt: Date | null = null) {
      try {
        const mail = await writePaymentMail(userId, kind, planId, trialEndsAt);
        if (mail) await notifier.queue(mail);
      } catch (error) {
        logger.warn({ fault: describeFault(error), userId, kind }, "payment mail not sent");
      }
    },
  };
}

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;
