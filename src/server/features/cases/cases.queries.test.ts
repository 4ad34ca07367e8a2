import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../../tests/factories/test-db";
import type { Database } from "../../db/client";
import { acceptUserMessage, HISTORY_MESSAGES } from "./cases.queries";

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe("accepting a message in a long chat (on the embedded engine, and on PostgreSQL when DATABASE_URL is set)", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let userId: string;
  let caseId: string;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    userId = `long-chat-${Date.now()}`;
    await database.db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values (${userId}, 'Long chat', ${`${userId}@example.com`}, true, now(), now())`);
    const [created] = await rows<{ id: string }>(
      database,
      sql`insert into cases (user_id, title, description) values (${userId}, 'Deposit', 'About my lease') returning id`,
    );
    caseId = created?.id ?? "";
    // One chat of 3,000 messages is all the planner knows of: a long chat is the usual case here.
    await database.db.execute(sql`insert into case_messages (case_id, content, is_user)
      select ${caseId}, 'Earlier message ' || g, g % 2 = 1 from generate_series(1, 3000) g`);
    await database.db.execute(sql`analyze cases`);
    await database.db.execute(sql`analyze case_messages`);
  });
  afterAll(() => drop());

  const accept = (content: string) =>
    acceptUserMessage(database.run, {
      caseId,
      userId,
      premium: true,
      limit: 10,
      // Each accepted message claims the reply slot; a slot started before now + 1 h counts as free.
      staleBefore: new Date(Date.now() + 3_600_000),
      defaultTitle: "New Legal Consultation",
      newTitle: "Deposit",
      category: "Housing",
      content,
    });

  it("returns the latest earlier messages, oldest first, without the new one", async () => {
    const accepted = await accept("Can my landlord keep the deposit?");
    expect(accepted?.message.content).toBe("Can my landlord keep the deposit?");
    expect(accepted?.history.map((turn) => turn.content)).toEqual(
      Array.from({ length: HISTORY_MESSAGES }, (_, i) => `Earlier message ${3000 - HISTORY_MESSAGES + 1 + i}`),
    );
  });

  it("is planned once and then reused, however long the chats are", async () => {
    for (let i = 0; i < 8; i++) await accept(`Follow-up question ${i}`);
    // The first five runs are always planned with their values; then PostgreSQL keeps one plan
    // unless it looks dearer, which a LIMIT it could not see made it, re-planning every message.
    // The view is per connection: one after another, these statements all run on the pool's
    // last released connection.
    const [plans] = await rows<{ generic: number; custom: number }>(
      database,
      sql`select generic_plans::int as generic, custom_plans::int as custom
          from pg_prepared_statements where name = 'accept_user_message'`,
    );
    expect(plans?.custom).toBeLessThanOrEqual(5);
    expect(plans?.generic).toBeGreaterThanOrEqual(4);
  });
});
