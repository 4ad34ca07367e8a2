import { type PaidPlanId, PLANS, paidPlanOf, trialDaysOf } from "@shared/plans";
import type { SubscriptionView } from "@shared/schemas/billing";
import { formatTemplatePrice, type TemplateOffer, templateLink } from "@shared/template-offers";
import type Stripe from "stripe";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { describeFault, type Logger } from "../../lib/logger";
import type { AppLogEntry, LogService } from "../logs/logs.service";
import type { MemberNotifier } from "../mail/notify-member";
import { paymentMail, templateReceiptMail } from "../mail/templates";
import type { SettingsService } from "../settings/settings.service";
import { findSubscription, type NewSubscription, type SubscriptionRow, upsertSubscription } from "./billing.queries";

export const DAY_MS = 24 * 3_600_000;

/** What the billing feature is built from; each of its parts takes the few it needs. */
export interface BillingDeps {
  db: Db;
  config: Pick<Config, "publicUrl" | "stripe">;
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

    /** Payment mail (receipt, failure, trial ending) when the settings and the member's preferences allow. */
    async mail(
      userId: string,
      kind: "receipt" | "failed" | "trial_ending",
      planId: PaidPlanId,
      trialEndsAt: Date | null = null,
    ): Promise<void> {
      try {
        await notifier.notifyMember(userId, "payment", (_member, { general }, unsubscribeUrl) =>
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
      } catch (error) {
        logger.warn({ fault: describeFault(error), userId, kind }, "payment mail not sent");
      }
    },

    /** The receipt for a template bought once, when the settings and the member's preferences allow. */
    async mailTemplateReceipt(userId: string, offer: TemplateOffer): Promise<void> {
      try {
        await notifier.notifyMember(userId, "payment", (_member, { general }, unsubscribeUrl) =>
          templateReceiptMail(general, {
            template: offer.name,
            price: formatTemplatePrice(offer.priceCents),
            link: `${config.publicUrl}${templateLink(offer.id)}`,
            unsubscribeUrl,
          }),
        );
      } catch (error) {
        logger.warn({ fault: describeFault(error), userId, templateId: offer.id }, "payment mail not sent");
      }
    },
  };
}

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;
