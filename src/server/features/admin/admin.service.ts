import type {
  ActivityFeed,
  AdminCharts,
  ChartPoint,
  MailDeliveryList,
  MailDeliveryView,
  OutboxList,
} from "@shared/schemas/admin";
import type { Db } from "../../db/client";
import { conflict, notFound } from "../../lib/errors";
import type { Actor, AppLogQuery, AuditLogQuery, LogService } from "../logs/logs.service";
import type { MailDelivery, Mailer } from "../mail/mail.service";
import { toActivityEntry } from "./activity";
import { chartSeries, countStats, listActivity } from "./admin.queries";

const DAY_MS = 86_400_000;
/** The charts cover this many days, today (UTC) included. */
export const CHART_DAYS = 30;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * What administrators read and do across members: statistics, the activity feed and charts, logs,
 * mail on its way and the outbox. (Members themselves, unlocking included, are the Users section: ./users/.)
 */
export function createAdminService(deps: { db: Db; logs: LogService; mailer: Mailer }) {
  const { db, logs, mailer } = deps;
  return {
    stats() {
      const now = new Date();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
      return countStats(db, { monthStart, dayAgo });
    },

    /** Recent Activity: registrations, AI queries, documents, referrals, payments and admin changes, newest first. */
    async activity(limit: number): Promise<ActivityFeed> {
      const rows = await listActivity(db, limit);
      return { entries: rows.map(toActivityEntry) };
    },

    /**
     * The overview's three charts over the last 30 days (UTC): new accounts per week (weeks from
     * Monday), AI queries answered per day and their average time; a day or week without rows is 0
     * (the average: null).
     */
    async charts(now: Date = new Date()): Promise<AdminCharts> {
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const daysFrom = new Date(today - (CHART_DAYS - 1) * DAY_MS);
      const weeksFrom = new Date(daysFrom.getTime() - ((daysFrom.getUTCDay() + 6) % 7) * DAY_MS);
      const { members, ai } = await chartSeries(db, { daysFrom, weeksFrom });
      const days = Array.from({ length: CHART_DAYS }, (_, i) => isoDay(new Date(daysFrom.getTime() + i * DAY_MS)));
      const weeks: string[] = [];
      for (let t = weeksFrom.getTime(); t <= today; t += 7 * DAY_MS) weeks.push(isoDay(new Date(t)));
      const perWeek = new Map(members.map((r) => [r.week, r.count]));
      const perDay = new Map(ai.map((r) => [r.day, r]));
      const series = (dates: string[], value: (date: string) => number | null): ChartPoint[] =>
        dates.map((date) => ({ date, value: value(date) }));
      return {
        from: isoDay(daysFrom),
        to: isoDay(new Date(today)),
        newMembersPerWeek: series(weeks, (w) => perWeek.get(w) ?? 0),
        aiQueriesPerDay: series(days, (d) => perDay.get(d)?.count ?? 0),
        averageAnswerSecondsPerDay: series(days, (d) => {
          const ms = perDay.get(d)?.avgMs;
          return typeof ms === "number" && Number.isFinite(ms) ? Math.round(ms / 100) / 10 : null;
        }),
      };
    },

    appLogs: (query: AppLogQuery) => logs.listApp(query),
    auditLogs: (query: AuditLogQuery) => logs.listAudit(query),

    /** The newest mails and where each one is (or only those that failed for good). */
    async mailDeliveries(query: { failed: "0" | "1"; limit: number }): Promise<MailDeliveryList> {
      const [deliveries, failed] = await Promise.all([
        mailer.deliveries(query.limit, query.failed === "1"),
        mailer.failedCount(),
      ]);
      return { transport: mailer.kind, deliveries: deliveries.map(toDeliveryView), failedCount: failed };
    },

    /** Try a mail that failed for good again now. */
    async retryMail(id: string, actor: Actor): Promise<MailDeliveryView> {
      const outcome = await mailer.retry(id);
      if (outcome === "missing") throw notFound(MAIL_NOT_FOUND);
      if (outcome === "not-failed") throw conflict(MAIL_NOT_FAILED);
      await logs.app({ ...actor, category: "user_action", message: "Mail retried", metadata: { mailId: id } });
      const delivery = await mailer.delivery(id);
      if (!delivery) throw notFound(MAIL_NOT_FOUND);
      return toDeliveryView(delivery);
    },

    /** The mail kept instead of sent when no SMTP server is configured (newest first). */
    async outbox(limit: number): Promise<OutboxList> {
      const rows = await mailer.outbox(limit);
      return {
        kind: mailer.kind,
        mails: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

const MAIL_NOT_FAILED = "That mail is not waiting for a retry: it was sent, or it is still being tried.";
const MAIL_NOT_FOUND = "That mail no longer exists: mail is kept for 30 days.";

function toDeliveryView(d: MailDelivery): MailDeliveryView {
  return {
    ...d,
    queuedAt: d.queuedAt.toISOString(),
    nextTryAt: d.nextTryAt?.toISOString() ?? null,
    sentAt: d.sentAt?.toISOString() ?? null,
  };
}
