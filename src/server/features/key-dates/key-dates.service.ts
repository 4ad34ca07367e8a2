import { createHash, randomBytes } from "node:crypto";
import {
  type CalendarSettings,
  type CalendarStatus,
  KEY_DATE_EVENTS,
  KEY_DATE_OFFER_TEXT,
  KEY_DATE_TEXT,
  KEY_DATES_PER_CASE,
  type KeyDateInput,
  type KeyDateList,
  type KeyDateOfferAnswer,
  type KeyDateView,
  type KeyDeadline,
  type UpcomingDeadline,
} from "@shared/key-dates";
import type { SystemSettings } from "@shared/schemas/settings";
import type { SessionUser } from "@shared/session";
import { type StateCode, stateName } from "@shared/us-states";
import { stateOfCase } from "../../ai/offline/jurisdictions";
import type { Db } from "../../db/client";
import { addDays, daysBetween, longDay } from "../../law/deadlines";
import { type CalendarEvent, calendarText } from "../../law/ics";
import { keyDeadlines } from "../../law/key-deadlines";
import { dayIn, isTimeZone, zonedInstant } from "../../law/zoned";
import { conflict, invalidInput, notFound } from "../../lib/errors";
import type { JobQueue } from "../../lib/jobs";
import type { Logger } from "../../lib/logger";
import type { LawLibrary } from "../law-library/law-library.service";
import type { Mail } from "../mail/mail.service";
import { keyDateReminderMail } from "../mail/templates";
import {
  claimKeyDateOffer,
  deleteKeyDate,
  findCalendarSettings,
  findFeedOwner,
  findReminderToSend,
  insertKeyDate,
  insertReminders,
  type KeyDateRow,
  listCaseKeyDates,
  listMemberKeyDates,
  markReminderSent,
  memberWords,
  reopenKeyDateOffer,
  setReminderJob,
  unsentReminderJobs,
  updateCalendarSettings,
} from "./key-dates.queries";

export const KEY_DATE_REMINDER_JOB = "key-date-reminder";
/** Where reminders come when the member's time zone is not known yet. */
export const DEFAULT_TIME_ZONE = "America/New_York";
/** Reminders come at 9 AM where the member lives. */
const REMINDER_HOUR = 9;
const REMINDERS = [
  { kind: "week-before", offsetDays: -7 },
  { kind: "day-before", offsetDays: -1 },
  { kind: "day-after", offsetDays: 1 },
] as const;
/**
 * A date added after a reminder before its deadline should have come (three days before it, say)
 * gets one reminder at once instead, saying how far away the deadline is.
 */
const CATCH_UP = "soon" as const;
type ReminderKind = (typeof REMINDERS)[number]["kind"] | typeof CATCH_UP;

const EVENT_LABELS = new Map<string, string>(KEY_DATE_EVENTS.map((e) => [e.id, e.label]));
const today = () => new Date().toISOString().slice(0, 10);
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Key dates (issue: deadlines a member must not miss): what happened in a case and when, with the
 * deadlines that follow from the law library in force, each mailed as a reminder a week before, a
 * day before and the morning after, at 9 AM in the member's time zone, through the job queue. A
 * reminder is sent once, and not at all once its date is removed, its case archived or deleted,
 * or the member has turned reminders off. Every date downloads as an .ics event, and a member may
 * have a private calendar feed address (revocable) that calendar apps subscribe to.
 */
export function createKeyDatesService(deps: {
  db: Db;
  library: Pick<LawLibrary, "factsOf">;
  cases: { get(user: SessionUser, caseId: string): Promise<{ status: string; title: string; description: string }> };
  members: { getSessionUser(userId: string): Promise<SessionUser | null> };
  jobs: JobQueue;
  mail: { send(mail: Mail, tx?: Parameters<JobQueue["send"]>[2]): Promise<string>; wake(): void };
  settings: { get(): Promise<SystemSettings> };
  publicUrl: string;
  logger: Logger;
}) {
  const { db, library, cases, members, jobs, mail, settings, publicUrl } = deps;

  const caseLink = (caseId: string) => `${publicUrl}/dashboard/case/${caseId}?panel=key-dates`;

  async function deadlinesOf(row: KeyDateRow): Promise<KeyDeadline[]> {
    const state = row.state as StateCode;
    return keyDeadlines(
      { event: row.event as KeyDateView["event"], eventDay: row.eventDate, state, label: row.label },
      await library.factsOf(state),
      today(),
    );
  }

  async function view(row: KeyDateRow): Promise<KeyDateView> {
    return {
      id: row.id,
      caseId: row.caseId,
      event: row.event as KeyDateView["event"],
      eventLabel: row.event === "other" ? (row.label ?? "Other") : (EVENT_LABELS.get(row.event) ?? row.event),
      eventDate: row.eventDate,
      eventDateText: longDay(row.eventDate),
      state: row.state as StateCode,
      stateName: stateName(row.state),
      label: row.label,
      deadlines: await deadlinesOf(row),
    };
  }

  /** The member's time zone, as their profile has it (a new one taken from the browser when none is set). */
  async function timeZoneOf(userId: string, fromBrowser?: string): Promise<string> {
    const current = await findCalendarSettings(db, userId);
    if (current?.timeZone) return current.timeZone;
    if (fromBrowser && isTimeZone(fromBrowser)) {
      await updateCalendarSettings(db, userId, { timeZone: fromBrowser });
      return fromBrowser;
    }
    return DEFAULT_TIME_ZONE;
  }

  /** The reminders of a new key date's deadlines: the instants still to come, each a job. */
  function remindersFor(deadlines: KeyDeadline[], timeZone: string) {
    const now = Date.now();
    const due: Array<{ deadline: string; kind: ReminderKind; sendAt: Date }> = [];
    const todayThere = dayIn(new Date(now), timeZone);
    for (const deadline of deadlines) {
      if (!deadline.day) continue;
      let missed = false;
      for (const reminder of REMINDERS) {
        const sendAt = zonedInstant(addDays(deadline.day, reminder.offsetDays), REMINDER_HOUR, timeZone);
        if (sendAt.getTime() > now) due.push({ deadline: deadline.key, kind: reminder.kind, sendAt });
        else if (reminder.offsetDays < 0) missed = true;
      }
      if (missed && deadline.day >= todayThere)
        due.push({ deadline: deadline.key, kind: CATCH_UP, sendAt: new Date(now) });
    }
    return due;
  }

  /** Send one reminder, once, if it may still be sent. */
  async function sendReminder(reminderId: string): Promise<void> {
    const found = await findReminderToSend(db, reminderId);
    if (!found) return; // sent already, or its date was removed
    const { reminder, keyDate, caseTitle, caseStatus } = found;
    const calendar = await findCalendarSettings(db, keyDate.userId);
    const { general, notifications } = await settings.get();
    const member = await members.getSessionUser(keyDate.userId);
    const deadline = (await deadlinesOf(keyDate)).find((d) => d.key === reminder.deadline);
    // Nothing is sent for a case archived, reminders turned off, or a deadline the library no longer sets.
    if (!member || caseStatus === "archived" || !calendar?.keyDateReminders || !notifications.enableEmailNotifications)
      return;
    if (!deadline?.day || !deadline.dayText) return;
    const composed = keyDateReminderMail(general, {
      firstName: member.firstName,
      when: reminder.kind as ReminderKind,
      daysLeft: daysBetween(dayIn(new Date(), calendar.timeZone ?? DEFAULT_TIME_ZONE), deadline.day),
      dayText: deadline.dayText,
      sentence: deadline.sentence,
      caseTitle,
      whatIfPassed: deadline.whatIfPassed,
      link: caseLink(keyDate.caseId),
      settingsLink: `${publicUrl}/dashboard/profile`,
    });
    const sent = await markReminderSent(db, reminder.id, async (tx) => {
      await mail.send({ to: member.email, ...composed, kind: "key-date" }, tx);
    });
    if (sent) mail.wake();
  }

  jobs.define<{ reminderId: string }>(KEY_DATE_REMINDER_JOB, {
    retryLimit: 5,
    retryDelaySeconds: 60,
    expireInSeconds: 300,
    handle: ({ reminderId }) => sendReminder(reminderId),
  });

  async function ownCase(user: SessionUser, caseId: string) {
    return cases.get(user, caseId);
  }

  async function calendarStatus(userId: string, feedUrl: string | null = null): Promise<CalendarStatus> {
    const current = await findCalendarSettings(db, userId);
    return {
      timeZone: current?.timeZone ?? null,
      keyDateReminders: current?.keyDateReminders ?? true,
      feedUrl,
      hasFeed: Boolean(current?.calendarFeedHash),
    };
  }

  /** The .ics events of key dates: one per deadline with a day. */
  async function eventsOf(rows: Array<{ row: KeyDateRow; caseTitle: string }>): Promise<CalendarEvent[]> {
    const events: CalendarEvent[] = [];
    for (const { row, caseTitle } of rows) {
      for (const deadline of await deadlinesOf(row)) {
        if (!deadline.day) continue;
        events.push({
          uid: `${row.id}-${deadline.key}@lawguide`,
          day: deadline.day,
          summary:
            deadline.key === "own"
              ? (row.label ?? "Key date")
              : `${EVENT_LABELS.get(row.event) ?? row.event}: deadline`,
          description: [
            deadline.sentence,
            ...(deadline.whatIfPassed ? [`If it passes: ${deadline.whatIfPassed}`] : []),
            `Case: ${caseTitle}`,
            "Legal information, not legal advice. Check with the court or a lawyer.",
          ].join("\n"),
          url: caseLink(row.caseId),
        });
      }
    }
    return events;
  }

  return {
    async list(user: SessionUser, caseId: string): Promise<KeyDateList> {
      const found = await ownCase(user, caseId);
      const rows = await listCaseKeyDates(db, caseId, user.id);
      const words = await memberWords(db, caseId, 200);
      return {
        keyDates: await Promise.all(rows.map(view)),
        caseState: stateOfCase({ messages: words, caseText: `${found.title}\n${found.description}` }),
      };
    },

    /** Add a key date; its reminders are queued with it (at 9 AM in the member's time zone, the browser's if none is set). */
    async add(user: SessionUser, caseId: string, input: KeyDateInput): Promise<KeyDateView> {
      const found = await ownCase(user, caseId);
      if (found.status === "archived") throw conflict(KEY_DATE_TEXT.caseArchived);
      const zone = await timeZoneOf(user.id, input.timeZone);
      // Read before the transaction (the embedded engine has one connection: a read outside a
      // transaction that is open would wait for it).
      const planned = remindersFor(
        keyDeadlines(
          { event: input.event, eventDay: input.eventDate, state: input.state, label: input.label ?? null },
          await library.factsOf(input.state),
          today(),
        ),
        zone,
      );
      const created = await insertKeyDate(
        db,
        {
          userId: user.id,
          caseId,
          event: input.event,
          eventDate: input.eventDate,
          state: input.state,
          label: input.event === "other" ? (input.label?.trim() ?? null) : null,
        },
        KEY_DATES_PER_CASE,
        async (tx, row) => {
          const reminders = await insertReminders(
            tx,
            planned.map((reminder) => ({ keyDateId: row.id, ...reminder })),
          );
          for (const reminder of reminders) {
            const jobId = await jobs.send(KEY_DATE_REMINDER_JOB, { reminderId: reminder.id }, tx, {
              startAfter: reminder.sendAt,
            });
            await setReminderJob(tx, reminder.id, jobId);
          }
        },
      );
      if (!created) throw conflict(KEY_DATE_TEXT.tooMany);
      return view(created);
    },

    /**
     * The member's answer to the assistant's offer to add a key date they stated: added (with the
     * state the case named, or the one they chose) or declined. Nothing is added without it.
     */
    async answerOffer(
      user: SessionUser,
      caseId: string,
      messageId: string,
      input: KeyDateOfferAnswer,
    ): Promise<{ status: "added" | "declined"; keyDate: KeyDateView | null }> {
      await ownCase(user, caseId);
      const status = input.answer === "add" ? "added" : "declined";
      const { offer, answered } = await claimKeyDateOffer(db, { caseId, messageId, status });
      if (!offer) throw answered ? conflict(KEY_DATE_OFFER_TEXT.answered) : notFound(KEY_DATE_OFFER_TEXT.notFound);
      if (status === "declined") return { status, keyDate: null };
      try {
        const state = input.state ?? (offer.state as StateCode | null);
        if (!state) throw invalidInput(KEY_DATE_TEXT.state, { state: KEY_DATE_TEXT.state });
        const keyDate = await this.add(user, caseId, {
          event: offer.event as KeyDateInput["event"],
          eventDate: offer.eventDate,
          state,
          ...(input.timeZone ? { timeZone: input.timeZone } : {}),
        });
        return { status, keyDate };
      } catch (error) {
        await reopenKeyDateOffer(db, messageId);
        throw error;
      }
    },

    async remove(user: SessionUser, caseId: string, keyDateId: string): Promise<void> {
      await ownCase(user, caseId);
      const jobIds = await deleteKeyDate(db, keyDateId, caseId, user.id);
      if (jobIds === null) throw notFound(KEY_DATE_TEXT.notFound);
      await jobs.cancel(KEY_DATE_REMINDER_JOB, jobIds);
    },

    /** A case was archived or deleted: its reminders' jobs end (the jobs also check when they run). */
    async cancelCaseReminders(userId: string, caseId: string): Promise<void> {
      await jobs.cancel(KEY_DATE_REMINDER_JOB, await unsentReminderJobs(db, userId, caseId));
    },

    /** One key date's deadlines as an .ics file. */
    async ics(user: SessionUser, caseId: string, keyDateId: string): Promise<{ fileName: string; text: string }> {
      const found = await ownCase(user, caseId);
      const row = (await listCaseKeyDates(db, caseId, user.id)).find((r) => r.id === keyDateId);
      if (!row) throw notFound(KEY_DATE_TEXT.notFound);
      const text = calendarText("LawGuide key dates", await eventsOf([{ row, caseTitle: found.title }]));
      return { fileName: `lawguide-key-date-${row.eventDate}.ics`, text };
    },

    /** The member's coming deadlines (today on, in their open cases), soonest first. */
    async upcoming(user: SessionUser, limit = 5): Promise<UpcomingDeadline[]> {
      const rows = await listMemberKeyDates(db, user.id, 200);
      const now = today();
      const coming: UpcomingDeadline[] = [];
      for (const { keyDate, caseTitle } of rows) {
        for (const deadline of await deadlinesOf(keyDate)) {
          if (!deadline.day || !deadline.dayText || deadline.day < now) continue;
          coming.push({
            keyDateId: keyDate.id,
            caseId: keyDate.caseId,
            caseTitle,
            day: deadline.day,
            dayText: deadline.dayText,
            sentence: deadline.sentence,
          });
        }
      }
      return coming.sort((a, b) => a.day.localeCompare(b.day)).slice(0, limit);
    },

    calendarStatus: (user: SessionUser) => calendarStatus(user.id),

    async updateCalendar(user: SessionUser, changes: CalendarSettings): Promise<CalendarStatus> {
      if (changes.timeZone !== undefined && !isTimeZone(changes.timeZone)) {
        throw invalidInput(KEY_DATE_TEXT.timeZone, { timeZone: KEY_DATE_TEXT.timeZone });
      }
      await updateCalendarSettings(db, user.id, {
        ...(changes.timeZone !== undefined ? { timeZone: changes.timeZone } : {}),
        ...(changes.keyDateReminders !== undefined ? { keyDateReminders: changes.keyDateReminders } : {}),
      });
      if (changes.keyDateReminders === false) {
        await jobs.cancel(KEY_DATE_REMINDER_JOB, await unsentReminderJobs(db, user.id));
      }
      return calendarStatus(user.id);
    },

    /** A new private feed address (the one before stops working); shown once. */
    async newFeed(user: SessionUser): Promise<CalendarStatus> {
      const token = randomBytes(32).toString("base64url");
      await updateCalendarSettings(db, user.id, { calendarFeedHash: hashToken(token) });
      return calendarStatus(user.id, `${publicUrl}/calendar/${token}.ics`);
    },

    async revokeFeed(user: SessionUser): Promise<CalendarStatus> {
      await updateCalendarSettings(db, user.id, { calendarFeedHash: null });
      return calendarStatus(user.id);
    },

    /** The feed of the member whose token this is: their key dates' deadlines, nobody else's. Null: no such feed. */
    async feed(token: string): Promise<string | null> {
      if (!/^[A-Za-z0-9_-]{40,64}$/.test(token)) return null;
      const userId = await findFeedOwner(db, hashToken(token));
      if (!userId) return null;
      const rows = await listMemberKeyDates(db, userId, 500);
      return calendarText(
        "LawGuide key dates",
        await eventsOf(rows.map(({ keyDate, caseTitle }) => ({ row: keyDate, caseTitle }))),
      );
    },
  };
}

export type KeyDatesService = ReturnType<typeof createKeyDatesService>;
