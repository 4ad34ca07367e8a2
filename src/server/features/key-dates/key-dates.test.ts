import { KEY_DATE_OFFER_TEXT, KEY_DATE_TEXT, type KeyDateList, type KeyDateView } from "@shared/key-dates";
import type { ChatMessage } from "@shared/schemas/cases";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { parseSse } from "../../../../tests/factories/sse";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { waitUntil } from "../../../../tests/factories/wait";
import { keyDateReminders, keyDates } from "../../db/schema";
import { addDays, countDeadline } from "../../law/deadlines";
import { JOBS_SCHEMA } from "../../lib/jobs";
import { KEY_DATE_REMINDER_JOB } from "./key-dates.service";

const t = setupTestApp();

const today = () => new Date().toISOString().slice(0, 10);

async function caseIn(client: TestClient, title: string, description = ""): Promise<string> {
  const response = await client.post("/api/cases", { title, ...(description ? { description } : {}) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { case: { id: string } }).case.id;
}

async function addDate(client: TestClient, caseId: string, body: Record<string, unknown>): Promise<KeyDateView> {
  const response = await client.post(`/api/cases/${caseId}/key-dates`, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { keyDate: KeyDateView }).keyDate;
}

const remindersOf = (keyDateId: string) =>
  t.services.db.select().from(keyDateReminders).where(eq(keyDateReminders.keyDateId, keyDateId));

async function jobOf(jobId: string) {
  const { rows } = await t.services.database.query(
    `select state, start_after, data from ${JOBS_SCHEMA}.job where name = $1 and id = $2`,
    [KEY_DATE_REMINDER_JOB, jobId],
  );
  return rows[0] as { state: string; start_after: Date; data: { reminderId: string } } | undefined;
}

/** Make one reminder due now, as its instant coming would, and wake the queue. */
async function makeDue(jobId: string) {
  await t.services.database.query(`update ${JOBS_SCHEMA}.job set start_after = now() where name = $1 and id = $2`, [
    KEY_DATE_REMINDER_JOB,
    jobId,
  ]);
}

describe("key dates", () => {
  it("gives a deposit deadline with its citation, counted from the move-out day, in the state the case names", async () => {
    const { client } = await t.member();
    const caseId = await caseIn(client, "Deposit in Austin", "I rented in Texas and my landlord kept my deposit.");
    const list = (await (await client.get(`/api/cases/${caseId}/key-dates`)).json()) as KeyDateList;
    expect(list).toEqual({ keyDates: [], caseState: "TX" });

    const movedOut = addDays(today(), -3);
    const added = await addDate(client, caseId, { event: "moved-out", eventDate: movedOut, state: "TX" });
    const expected = countDeadline(movedOut, 30, "calendar-days", "TX");
    expect(added).toMatchObject({ event: "moved-out", eventDate: movedOut, stateName: "Texas" });
    expect(added.deadlines).toHaveLength(1);
    const [deposit] = added.deadlines;
    expect(deposit).toMatchObject({ topic: "security-deposit", day: expected.day, past: false });
    expect(deposit?.sentence).toMatch(
      /^Your landlord must return your deposit or send a list of deductions by \w+day, \w+ \d+, \d{4} \(Tex\. Prop\. Code § 92\.103\(a\).*: 30 days after /,
    );
    expect(deposit?.whatIfPassed).toMatch(/small claims/);
    expect(deposit?.document).toEqual({ templateId: "cease-desist", label: "Prepare a demand letter" });
    const again = (await (await client.get(`/api/cases/${caseId}/key-dates`)).json()) as KeyDateList;
    expect(again.keyDates.map((k) => k.id)).toEqual([added.id]);
  });

  it("says when there is no rule instead of making up a date, and refuses dates out of range", async () => {
    const { client } = await t.member();
    const caseId = await caseIn(client, "Deposit");
    // Tennessee's deposit law sets no return deadline.
    const tn = await addDate(client, caseId, { event: "moved-out", eventDate: today(), state: "TN" });
    expect(tn.deadlines[0]).toMatchObject({ day: null });
    expect(tn.deadlines[0]?.sentence).toMatch(/^When your landlord must return your deposit: /);
    // Final pay with no state law: no date either.
    const al = await addDate(client, caseId, { event: "fired", eventDate: today(), state: "AL" });
    expect(al.deadlines[0]?.day).toBeNull();
    expect(al.deadlines[0]?.sentence).toMatch(/No state law sets a deadline/);

    const far = await client.post(`/api/cases/${caseId}/key-dates`, {
      event: "quit",
      eventDate: "1950-01-01",
      state: "TX",
    });
    expect(far.status).toBe(400);
    expect((await far.json()).error.message).toBe(KEY_DATE_TEXT.tooOld);
    const ahead = await client.post(`/api/cases/${caseId}/key-dates`, {
      event: "quit",
      eventDate: "2099-01-01",
      state: "TX",
    });
    expect((await ahead.json()).error.message).toBe(KEY_DATE_TEXT.tooFar);
    const notADay = await client.post(`/api/cases/${caseId}/key-dates`, {
      event: "quit",
      eventDate: "2026-02-30",
      state: "TX",
    });
    expect((await notADay.json()).error.message).toBe(KEY_DATE_TEXT.date);
    const noState = await client.post(`/api/cases/${caseId}/key-dates`, {
      event: "quit",
      eventDate: today(),
      state: "XX",
    });
    expect((await noState.json()).error.message).toBe(KEY_DATE_TEXT.state);
    const unnamed = await client.post(`/api/cases/${caseId}/key-dates`, {
      event: "other",
      eventDate: today(),
      state: "TX",
    });
    expect((await unnamed.json()).error.message).toBe(KEY_DATE_TEXT.label);
    const own = await addDate(client, caseId, {
      event: "other",
      eventDate: addDays(today(), 20),
      state: "TX",
      label: "Court hearing",
    });
    expect(own.deadlines[0]?.sentence).toMatch(/^Court hearing: \w+day/);

    // Someone else's case is not found.
    const { client: other } = await t.member();
    expect((await other.get(`/api/cases/${caseId}/key-dates`)).status).toBe(404);
    expect(
      (await other.post(`/api/cases/${caseId}/key-dates`, { event: "quit", eventDate: today(), state: "TX" })).status,
    ).toBe(404);
    expect((await other.delete(`/api/cases/${caseId}/key-dates/${own.id}`)).status).toBe(404);
  });

  it("schedules each reminder at 9 AM in the member's own time zone: a week before, a day before, the morning after", async () => {
    const fixedDay = addDays(today(), 40);
    const instants: Record<string, string[]> = {};
    for (const zone of ["America/Los_Angeles", "Asia/Tokyo"]) {
      const { client } = await t.member();
      const caseId = await caseIn(client, "Contract");
      const keyDate = await addDate(client, caseId, {
        event: "other",
        eventDate: fixedDay,
        state: "CA",
        label: "Hearing",
        timeZone: zone,
      });
      const reminders = await remindersOf(keyDate.id);
      expect(reminders.map((r) => r.kind).sort()).toEqual(["day-after", "day-before", "week-before"]);
      for (const reminder of reminders) {
        const local = new Intl.DateTimeFormat("en-CA", {
          timeZone: zone,
          hourCycle: "h23",
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "2-digit",
          minute: "2-digit",
        }).format(reminder.sendAt);
        const offset = { "week-before": -7, "day-before": -1, "day-after": 1 }[reminder.kind as "day-after"];
        expect(local).toBe(`${addDays(fixedDay, offset)}, 09:00`);
        // Its job waits until then.
        const job = await jobOf(reminder.jobId as string);
        expect(job?.state).toBe("created");
        expect(new Date(job?.start_after as Date).getTime()).toBe(reminder.sendAt.getTime());
      }
      instants[zone] = reminders.map((r) => r.sendAt.toISOString()).sort();
    }
    // The same days, different instants: 9 AM in Tokyo comes 17 hours before 9 AM in Los Angeles.
    expect(instants["America/Los_Angeles"]).not.toEqual(instants["Asia/Tokyo"]);
  });

  it("mails a reminder once when it comes, even run twice, and not after its date is removed or its case archived", async () => {
    const member = await t.member({ firstName: "Rae" });
    const caseId = await caseIn(member.client, "Final pay", "I was let go in Texas.");
    const fired = await addDate(member.client, caseId, { event: "fired", eventDate: today(), state: "TX" });
    const [week, dayBefore] = (await remindersOf(fired.id)).sort((a, b) => a.sendAt.getTime() - b.sendAt.getTime());
    // Six days after being let go in Texas: the week-before reminder's instant has passed, the day-before's is to come.
    expect(week?.kind ?? dayBefore?.kind).toBeDefined();
    const first = (await remindersOf(fired.id)).find((r) => r.kind === "day-before");
    if (!first?.jobId) throw new Error("no day-before reminder");
    await makeDue(first.jobId);
    await waitUntil(async () => (await jobOf(first.jobId as string))?.state === "completed", {
      what: "the reminder's job to run",
      timeout: 20_000,
    });
    const reminders = async () =>
      (await t.outbox()).filter((m) => m.to === member.email && m.subject.startsWith("Tomorrow:"));
    expect(await reminders()).toHaveLength(1);
    const [mail] = await reminders();
    expect(mail?.text).toMatch(/Your employer must pay your final paycheck by/);
    expect(mail?.text).toMatch(/Tex\. Lab\. Code/);
    // Run again (a retry, another process, a restart): no second mail.
    const again = await t.services.jobs.send(KEY_DATE_REMINDER_JOB, { reminderId: first.id });
    await waitUntil(async () => (await jobOf(again))?.state === "completed", {
      what: "the second run",
      timeout: 20_000,
    });
    expect(await reminders()).toHaveLength(1);

    // Archived: a reminder that comes finds its case archived and sends nothing.
    const after = (await remindersOf(fired.id)).find((r) => r.kind === "day-after");
    if (!after?.jobId) throw new Error("no day-after reminder");
    expect((await member.client.post(`/api/cases/${caseId}/archive`)).status).toBe(200);
    await makeDue(after.jobId);
    await waitUntil(async () => (await jobOf(after.jobId as string))?.state === "completed", {
      what: "the day-after job",
      timeout: 20_000,
    });
    expect((await t.outbox()).filter((m) => m.to === member.email && /Yesterday/.test(m.subject))).toEqual([]);

    // Removed: its jobs are cancelled and its reminders gone.
    const caseTwo = await caseIn(member.client, "Quit");
    const quit = await addDate(member.client, caseTwo, { event: "quit", eventDate: today(), state: "CA" });
    const jobIds = (await remindersOf(quit.id)).map((r) => r.jobId as string);
    expect(jobIds.length).toBeGreaterThan(0);
    expect((await member.client.delete(`/api/cases/${caseTwo}/key-dates/${quit.id}`)).status).toBe(204);
    expect(await remindersOf(quit.id)).toEqual([]);
    for (const jobId of jobIds) expect((await jobOf(jobId))?.state).toBe("cancelled");
    expect(await t.services.db.select().from(keyDates).where(eq(keyDates.id, quit.id))).toEqual([]);
  });

  it("sends one reminder at once for a date added after its week-before reminder's time, saying how far away it is", async () => {
    const member = await t.member({ firstName: "Ana" });
    const caseId = await caseIn(member.client, "Final pay", "I was let go in Texas.");
    // Let go today in Texas: the final paycheck is due within days, so the week-before reminder's time has passed.
    const fired = await addDate(member.client, caseId, {
      event: "fired",
      eventDate: today(),
      state: "TX",
      timeZone: "America/Chicago",
    });
    const reminders = await remindersOf(fired.id);
    expect(reminders.map((r) => r.kind).sort()).toEqual(["day-after", "day-before", "soon"]);
    const soon = reminders.find((r) => r.kind === "soon");
    expect(Math.abs((soon?.sendAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    const mails = async () =>
      (await t.outbox()).filter((m) => m.to === member.email && m.subject.startsWith("Coming up:"));
    await waitUntil(async () => (await mails()).length === 1, { what: "the reminder sent at once", timeout: 20_000 });
    const [mail] = await mails();
    expect(mail?.text).toMatch(/A date in your case "Final pay" is (today|tomorrow|in \d days)\./);
    expect(mail?.text).toMatch(/Your employer must pay your final paycheck by/);

    // A date whose deadline has passed gets no reminder at once: only the morning after, if still to come.
    const late = await addDate(member.client, await caseIn(member.client, "Old job"), {
      event: "fired",
      eventDate: addDays(today(), -30),
      state: "TX",
    });
    expect((await remindersOf(late.id)).map((r) => r.kind)).toEqual([]);
  });

  it("turns reminders off from the calendar settings: their jobs are cancelled and none is sent", async () => {
    const member = await t.member();
    const caseId = await caseIn(member.client, "Deposit");
    const keyDate = await addDate(member.client, caseId, { event: "moved-out", eventDate: today(), state: "TX" });
    const off = await member.client.patch("/api/key-dates/calendar", { keyDateReminders: false });
    expect(await off.json()).toMatchObject({ keyDateReminders: false });
    for (const reminder of await remindersOf(keyDate.id)) {
      expect((await jobOf(reminder.jobId as string))?.state).toBe("cancelled");
    }
    const bad = await member.client.patch("/api/key-dates/calendar", { timeZone: "Mars/Olympus" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe(KEY_DATE_TEXT.timeZone);
  });

  it("downloads a date as an .ics event a calendar parser reads, and feeds the member's dates to a private address until revoked", async () => {
    const member = await t.member();
    const caseId = await caseIn(member.client, "Deposit");
    const keyDate = await addDate(member.client, caseId, { event: "moved-out", eventDate: "2026-03-03", state: "TX" });
    const file = await member.client.get(`/api/cases/${caseId}/key-dates/${keyDate.id}/calendar`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(file.headers.get("content-disposition")).toContain("lawguide-key-date-2026-03-03.ics");
    const calendar = new ICAL.Component(ICAL.parse(await file.text()));
    const events = calendar.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
    expect(events).toHaveLength(1);
    expect(events[0]?.startDate.toString()).toBe("2026-04-02");
    expect(events[0]?.startDate.isDate).toBe(true);
    expect(events[0]?.description).toContain("Tex. Prop. Code § 92.103");
    expect(events[0]?.uid).toBe(`${keyDate.id}-security-deposit@lawguide`);

    // Someone else's date is not theirs to download.
    const other = await t.member();
    const otherCase = await caseIn(other.client, "Other deposit");
    await addDate(other.client, otherCase, { event: "moved-out", eventDate: "2026-05-01", state: "CA" });
    expect((await other.client.get(`/api/cases/${caseId}/key-dates/${keyDate.id}/calendar`)).status).toBe(404);

    const made = (await (await member.client.post("/api/key-dates/calendar/feed")).json()) as { feedUrl: string };
    expect(made.feedUrl).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feedPath = new URL(made.feedUrl).pathname;
    const visitor = t.client();
    const feed = await visitor.get(feedPath);
    expect(feed.status).toBe(200);
    const fed = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents("vevent");
    // The member's own dates only.
    expect(fed.map((e) => new ICAL.Event(e).startDate.toString())).toEqual(["2026-04-02"]);
    // Shown once: the settings say a feed exists, never its address.
    expect(await (await member.client.get("/api/key-dates/calendar")).json()).toMatchObject({
      hasFeed: true,
      feedUrl: null,
    });
    // Guessed and malformed addresses are not found.
    expect((await visitor.get(`/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await visitor.get("/calendar/nothing")).status).toBe(404);
    // An empty or deeper address is not found either (it used to fall through to the pages: a 503 before a build).
    for (const path of ["/calendar/", "/calendar", "/calendar/a/b.ics", `${feedPath}/more`]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error.message, path).toBe("There is no such calendar.");
    }
    // Revoked: gone.
    await member.client.delete("/api/key-dates/calendar/feed");
    expect((await visitor.get(feedPath)).status).toBe(404);
    // A new address replaces the old one.
    const again = (await (await member.client.post("/api/key-dates/calendar/feed")).json()) as { feedUrl: string };
    expect(again.feedUrl).not.toBe(made.feedUrl);
    expect((await visitor.get(new URL(again.feedUrl).pathname)).status).toBe(200);
  });

  it("lists the member's coming deadlines, soonest first, leaving out past ones and archived cases", async () => {
    const member = await t.member();
    const caseId = await caseIn(member.client, "Deposit");
    await addDate(member.client, caseId, { event: "moved-out", eventDate: addDays(today(), -60), state: "TX" });
    const soon = await addDate(member.client, caseId, {
      event: "other",
      eventDate: addDays(today(), 3),
      state: "TX",
      label: "Hearing",
    });
    const later = await addDate(member.client, caseId, { event: "moved-out", eventDate: today(), state: "TX" });
    const { deadlines } = (await (await member.client.get("/api/key-dates/upcoming")).json()) as {
      deadlines: Array<{ keyDateId: string; day: string }>;
    };
    expect(deadlines.map((d) => d.keyDateId)).toEqual([soon.id, later.id]);
    await member.client.post(`/api/cases/${caseId}/archive`);
    expect(
      ((await (await member.client.get("/api/key-dates/upcoming")).json()) as { deadlines: [] }).deadlines,
    ).toEqual([]);
  });
});

describe("a date stated in a message", () => {
  /** Send a message and read its streamed reply to the end; the `done` event's data. */
  async function send(client: TestClient, caseId: string, content: string) {
    const response = await client.post(`/api/cases/${caseId}/messages`, { content });
    expect(response.status).toBe(200);
    const done = parseSse(await response.text()).find((e) => e.event === "done");
    expect(done).toBeDefined();
    return done?.data as { keyDateOffer: ChatMessage | null; message: ChatMessage };
  }
  const spoken = (day: string) => {
    const [y, m, d] = day.split("-").map(Number);
    return `${m}/${d}/${y}`;
  };
  const answer = (client: TestClient, caseId: string, messageId: string, body: Record<string, unknown>) =>
    client.post(`/api/cases/${caseId}/messages/${messageId}/key-date-offer`, body);

  it("offers to add it after the answer, adds it only on the member's yes, and only once", async () => {
    const { client } = await t.member();
    const caseId = await caseIn(client, "Deposit", "My landlord in Texas kept my deposit.");
    const movedOut = addDays(today(), -2);
    const done = await send(client, caseId, `I moved out on ${spoken(movedOut)} and still have no deposit back.`);
    const offer = done.keyDateOffer;
    expect(offer).toMatchObject({
      kind: "key_date_offer",
      isUser: false,
      keyDateOffer: { event: "moved-out", eventDate: movedOut, state: "TX", stateName: "Texas", status: "open" },
    });
    // Nothing is added before the member says yes.
    expect(((await (await client.get(`/api/cases/${caseId}/key-dates`)).json()) as KeyDateList).keyDates).toEqual([]);
    // The offer stays in the conversation, after the answer.
    const page = (await (await client.get(`/api/cases/${caseId}/messages`)).json()) as { items: ChatMessage[] };
    expect(page.items.at(-1)).toMatchObject({ id: offer?.id, kind: "key_date_offer" });
    expect(page.items.at(-2)).toMatchObject({ id: done.message.id, isUser: false });

    const added = await answer(client, caseId, offer?.id ?? "", { answer: "add" });
    expect(added.status).toBe(200);
    const body = (await added.json()) as { status: string; keyDate: KeyDateView };
    expect(body.status).toBe("added");
    expect(body.keyDate).toMatchObject({ event: "moved-out", eventDate: movedOut, state: "TX" });
    expect(body.keyDate.deadlines[0]?.sentence).toMatch(/Tex\. Prop\. Code § 92\.103/);

    const again = await answer(client, caseId, offer?.id ?? "", { answer: "add" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(KEY_DATE_OFFER_TEXT.answered);
    const list = (await (await client.get(`/api/cases/${caseId}/key-dates`)).json()) as KeyDateList;
    expect(list.keyDates.map((k) => k.id)).toEqual([body.keyDate.id]);
    const reloaded = (await (await client.get(`/api/cases/${caseId}/messages`)).json()) as { items: ChatMessage[] };
    expect(reloaded.items.at(-1)?.keyDateOffer?.status).toBe("added");

    // The same date stated again is not offered again.
    const repeat = await send(client, caseId, `As I said, I moved out on ${spoken(movedOut)}.`);
    expect(repeat.keyDateOffer).toBeNull();
  });

  it("asks for the state when the case names none, keeps the offer open on a refusal, and sets it aside on a no", async () => {
    const { client } = await t.member();
    const caseId = await caseIn(client, "Work");
    const fired = addDays(today(), -1);
    const done = await send(client, caseId, `I was fired on ${spoken(fired)} and have not been paid.`);
    const offer = done.keyDateOffer;
    expect(offer?.keyDateOffer).toMatchObject({ event: "fired", eventDate: fired, state: null, status: "open" });
    const id = offer?.id ?? "";

    const noState = await answer(client, caseId, id, { answer: "add" });
    expect(noState.status).toBe(400);
    expect(((await noState.json()) as { error: { message: string } }).error.message).toBe(KEY_DATE_TEXT.state);
    // Still open: the member can choose a state and try again.
    const inCalifornia = await answer(client, caseId, id, { answer: "add", state: "CA" });
    expect(inCalifornia.status).toBe(200);
    expect(((await inCalifornia.json()) as { keyDate: KeyDateView }).keyDate.stateName).toBe("California");

    const other = await caseIn(client, "Notice");
    const second = await send(client, other, `I got a 3-day notice to pay or quit on ${spoken(today())}.`);
    expect(second.keyDateOffer?.keyDateOffer?.event).toBe("pay-or-quit-notice");
    const declined = await answer(client, other, second.keyDateOffer?.id ?? "", { answer: "decline" });
    expect(await declined.json()).toEqual({ status: "declined", keyDate: null });
    expect(((await (await client.get(`/api/cases/${other}/key-dates`)).json()) as KeyDateList).keyDates).toEqual([]);
  });

  it("refuses another member's offer, a message that is no offer, and a regenerate that would remove the offer", async () => {
    const { client } = await t.member();
    const caseId = await caseIn(client, "Deposit", "Ohio apartment");
    const done = await send(client, caseId, `I returned the keys on ${spoken(today())}.`);
    const offerId = done.keyDateOffer?.id ?? "";
    expect(offerId).not.toBe("");

    const stranger = await t.member();
    expect((await answer(stranger.client, caseId, offerId, { answer: "add" })).status).toBe(404);
    const notOffer = await answer(client, caseId, done.message.id, { answer: "add" });
    expect(notOffer.status).toBe(404);
    expect(((await notOffer.json()) as { error: { message: string } }).error.message).toBe(
      KEY_DATE_OFFER_TEXT.notFound,
    );
    expect((await answer(client, caseId, offerId, { answer: "maybe" })).status).toBe(400);

    const regenerate = await client.post(`/api/cases/${caseId}/regenerate`, {});
    expect(regenerate.status).toBe(400);
    const page = (await (await client.get(`/api/cases/${caseId}/messages`)).json()) as { items: ChatMessage[] };
    expect(page.items.map((m) => m.id).slice(-2)).toEqual([done.message.id, offerId]);
  });
});
