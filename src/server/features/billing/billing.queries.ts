import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import {
  appLogs,
  auditLogs,
  checkoutSessions,
  stripeEvents,
  subscriptions,
  templatePurchases,
  user,
  userProfiles,
} from "../../db/schema";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export async function findSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | null> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** Store a member's subscription as it now is (one row per member). */
export async function upsertSubscription(db: DbOrTx, row: NewSubscription): Promise<SubscriptionRow> {
  const { userId: _userId, ...rest } = row;
  const [saved] = await db
    .insert(subscriptions)
    .values(row)
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...rest, updatedAt: new Date() } })
    .returning();
  if (!saved) throw new Error("subscription upsert returned nothing");
  return saved;
}

/**
 * Claim the trials of one source that end before `before` and whose members were not told yet:
 * each is marked told in the same statement, so two processes never remind twice.
 */
export async function claimEndingTrials(db: DbOrTx, source: "demo" | "stripe", before: Date) {
  return db
    .update(subscriptions)
    .set({ trialRemindedAt: sql`now()` })
    .where(
      and(
        eq(subscriptions.source, source),
        eq(subscriptions.status, "trialing"),
        eq(subscriptions.cancelAtPeriodEnd, false),
        sql`${subscriptions.trialRemindedAt} is null`,
        sql`${subscriptions.currentPeriodEnd} <= ${before}`,
      ),
    )
    .returning({ userId: subscriptions.userId, plan: subscriptions.plan, endsAt: subscriptions.currentPeriodEnd });
}

/** Mark one member's trial as told about (Stripe's own reminder event). True when it was not yet. */
export async function markTrialReminded(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ trialRemindedAt: sql`now()` })
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.trialRemindedAt} is null`))
    .returning({ userId: subscriptions.userId });
  return rows.length > 0;
}

// ---------------------------------------------------------------- Stripe customers

/** A member and their Stripe customer, as the member's profile links them. */
async function findCustomerLink(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select({ userId: userProfiles.id, customerId: userProfiles.stripeCustomerId })
    .from(userProfiles)
    .where(where);
  return row ?? null;
}

export async function findCustomerId(db: DbOrTx, userId: string): Promise<string | null> {
  return (await findCustomerLink(db, eq(userProfiles.id, userId)))?.customerId ?? null;
}

export async function setCustomerId(db: DbOrTx, userId: string, customerId: string): Promise<void> {
  await db.update(userProfiles).set({ stripeCustomerId: customerId }).where(eq(userProfiles.id, userId));
}

/** The member a Stripe customer belongs to. */
export async function findUserIdByCustomer(db: DbOrTx, customerId: string): Promise<string | null> {
  return (await findCustomerLink(db, eq(userProfiles.stripeCustomerId, customerId)))?.userId ?? null;
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  return Boolean(row);
}

// ---------------------------------------------------------------- checkout sessions

/**
 * Remember a checkout session. False when it was not kept: a template's checkout while the member
 * already has one open for that template (one open checkout per member and template).
 */
export async function insertCheckoutSession(db: DbOrTx, row: typeof checkoutSessions.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(checkoutSessions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: checkoutSessions.id });
  return inserted.length > 0;
}

/** How many checkouts the member has opened for a template, however they ended. */
export async function countTemplateCheckouts(db: DbOrTx, userId: string, templateId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.templateId, templateId)));
  return row?.n ?? 0;
}

/** The member's open checkout for a template, if any (there is at most one). */
export function findOpenTemplateCheckout(
  db: DbOrTx,
  userId: string,
  templateId: string,
): Promise<CheckoutSessionRow | null> {
  return findCheckoutSessionWhere(
    db,
    and(
      eq(checkoutSessions.userId, userId),
      eq(checkoutSessions.templateId, templateId),
      eq(checkoutSessions.status, "open"),
    ),
  );
}

async function findCheckoutSessionWhere(db: DbOrTx, where: SQL | undefined): Promise<CheckoutSessionRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(where);
  return row ?? null;
}

/** A checkout session of this member (null for anyone else's). */
export function findOwnCheckoutSession(db: DbOrTx, id: string, userId: string): Promise<CheckoutSessionRow | null> {
  return findCheckoutSessionWhere(db, and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)));
}

export function findCheckoutSession(db: DbOrTx, id: string): Promise<CheckoutSessionRow | null> {
  return findCheckoutSessionWhere(db, eq(checkoutSessions.id, id));
}

/** Close an open checkout session (complete, declined, expired); an ended one stays as it ended. */
/** A checkout whose payment was given back (a template owned already), however it had ended before. */
export async function markCheckoutRefunded(db: DbOrTx, id: string) {
  await db
    .update(checkoutSessions)
    .set({ status: "refunded", completedAt: sql`coalesce(${checkoutSessions.completedAt}, now())` })
    .where(eq(checkoutSessions.id, id));
}

export async function endCheckoutSession(db: DbOrTx, id: string, status: "complete" | "declined" | "expired") {
  await db
    .update(checkoutSessions)
    .set({ status, completedAt: sql`now()` })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "open")));
}

/** What a demo payment finds once it holds the member's lock. */
export interface DemoPaymentContext {
  session: CheckoutSessionRow;
  /** The member's subscription as it is now. */
  existing: SubscriptionRow | null;
  /** Another checkout of the member's was paid after this one was opened. */
  paidSinceOpened: boolean;
}

/**
 * A demo payment: the session is completed, the subscription stored and the payment logged,
 * together, or nothing is written. The member's row is locked first, so a member's payments take
 * turns: each one decides (`decide`, the service's rule) on the subscription the previous one left.
 * "ended" when the checkout is no longer open (or the member is gone), "refused" when `decide`
 * refuses it.
 */
export async function completeDemoCheckout(
  db: Db,
  sessionId: string,
  userId: string,
  decide: (
    found: DemoPaymentContext,
  ) => { subscription: NewSubscription; log: typeof appLogs.$inferInsert } | "refused",
): Promise<{ saved: SubscriptionRow; subscription: NewSubscription } | "ended" | "refused"> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    if (!member) return "ended";
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId)));
    if (session?.status !== "open") return "ended";
    const [paidSince] = await tx
      .select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.userId, userId),
          eq(checkoutSessions.status, "complete"),
          // A template bought once is not a plan: it changes nothing of the subscription.
          isNull(checkoutSessions.templateId),
          sql`${checkoutSessions.id} <> ${sessionId}`,
          sql`${checkoutSessions.completedAt} >= ${session.createdAt}`,
        ),
      )
      .limit(1);
    const decision = decide({
      session,
      existing: await findSubscription(tx, userId),
      paidSinceOpened: Boolean(paidSince),
    });
    if (decision === "refused") return "refused";
    await tx
      .update(checkoutSessions)
      .set({ status: "complete", completedAt: sql`now()` })
      .where(eq(checkoutSessions.id, sessionId));
    const saved = await upsertSubscription(tx, decision.subscription);
    await tx.insert(appLogs).values(decision.log);
    return { saved, subscription: decision.subscription };
  });
}

// ---------------------------------------------------------------- templates bought once

export type TemplatePurchaseRow = typeof templatePurchases.$inferSelect;

/**
 * How a paid template checkout was recorded: the purchase is new, it had been recorded from this
 * same checkout already, or the member owned the template through another checkout (this payment
 * is a duplicate: nothing is recorded and the session is left for the caller to end).
 */
export type TemplatePurchaseOutcome = "recorded" | "already" | "duplicate";

/**
 * Record a template bought once, complete its checkout session and log the payment, together.
 * A second delivery of the same payment (the success page and the webhook both report it) changes
 * nothing ("already"); a payment through another checkout for a template owned is a "duplicate".
 */
export async function recordTemplatePurchase(
  db: Db,
  purchase: typeof templatePurchases.$inferInsert,
  log: typeof appLogs.$inferInsert,
  andThen?: (tx: Tx) => Promise<void>,
): Promise<TemplatePurchaseOutcome> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(templatePurchases)
      .values(purchase)
      .onConflictDoNothing()
      .returning({ templateId: templatePurchases.templateId });
    if (inserted.length === 0) {
      // Owned already: through this very checkout (told twice: the webhook and the success
      // page), or through another one, whose payment this is a second of.
      const [owned] = await tx
        .select({ checkoutSessionId: templatePurchases.checkoutSessionId })
        .from(templatePurchases)
        .where(
          and(eq(templatePurchases.userId, purchase.userId), eq(templatePurchases.templateId, purchase.templateId)),
        );
      const same = Boolean(purchase.checkoutSessionId) && owned?.checkoutSessionId === purchase.checkoutSessionId;
      return same ? "already" : "duplicate";
    }
    if (purchase.checkoutSessionId) {
      await tx
        .update(checkoutSessions)
        .set({ status: "complete", completedAt: sql`now()` })
        .where(and(eq(checkoutSessions.id, purchase.checkoutSessionId), eq(checkoutSessions.status, "open")));
    }
    await tx.insert(appLogs).values(log);
    await andThen?.(tx);
    return "recorded";
  });
}

/** The templates a member bought, oldest first. */
export function listTemplatePurchases(db: DbOrTx, userId: string): Promise<TemplatePurchaseRow[]> {
  return db
    .select()
    .from(templatePurchases)
    .where(eq(templatePurchases.userId, userId))
    .orderBy(asc(templatePurchases.createdAt));
}

export async function hasTemplatePurchase(db: DbOrTx, userId: string, templateId: string): Promise<boolean> {
  const [row] = await db
    .select({ templateId: templatePurchases.templateId })
    .from(templatePurchases)
    .where(and(eq(templatePurchases.userId, userId), eq(templatePurchases.templateId, templateId)));
  return Boolean(row);
}

// ---------------------------------------------------------------- Stripe events

export async function isEventProcessed(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
  return Boolean(row);
}

/** What the application log says of an event whose member deleted their account while it was read. */
export const EVENT_MEMBER_GONE = "Stripe event ignored: its member's account was deleted";

/**
 * Record a Stripe event as processed and store what it changed, together with `andThen`'s work
 * (its mail): when anything fails nothing is recorded (Stripe sends it again), and an event
 * delivered twice at once changes things once. Returns false when the event had already been
 * processed, or when the member it is about deleted their account meanwhile (the event is then
 * recorded and logged, and nothing of theirs written): their row is locked first, so an account
 * deleted at the same moment waits for this transaction, and one deleted before it is seen gone.
 */
export async function applyStripeEvent(
  db: Db,
  event: { id: string; type: string },
  subscription: NewSubscription | null,
  log: typeof appLogs.$inferInsert | null,
  andThen?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return false;
    const memberId = subscription?.userId ?? log?.userId ?? null;
    if (memberId) {
      const [member] = await tx.select({ id: user.id }).from(user).where(eq(user.id, memberId)).for("key share");
      if (!member) {
        await tx.insert(appLogs).values({
          level: "warn",
          category: "payment",
          message: EVENT_MEMBER_GONE,
          metadata: { eventId: event.id, type: event.type },
        });
        return false;
      }
    }
    if (subscription) await upsertSubscription(tx, subscription);
    if (log) await tx.insert(appLogs).values(log);
    await andThen?.(tx);
    return true;
  });
}

// ---------------------------------------------------------------- administrators' grants

/** Store a member's subscription as an administrator set it, and its audit row, together. */
export async function storeSubscriptionWithAudit(
  db: Db,
  row: NewSubscription,
  audit: typeof auditLogs.$inferInsert,
): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    const saved = await upsertSubscription(tx, row);
    await tx.insert(auditLogs).values(audit);
    return saved;
  });
}
