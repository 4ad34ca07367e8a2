import { CASES_PAGE_SIZE } from "@shared/chat";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../../tests/factories/test-db";
import type { Database } from "../../db/client";
import { postgresRunner, type RunPrepared } from "../../db/prepared";
import { listCasesPage, listUsualCasesPage } from "./cases.queries";
import { acceptUserMessage, HISTORY_MESSAGES } from "./chat.queries";

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * One database session, where the accept statement is run and its plans are read: the counts of
 * `pg_prepared_statements` are those of the session that reads them. The embedded engine has only
 * one; on PostgreSQL the test database's pool of five could run each statement on any of its
 * connections, so a pool of one connection is opened for this file.
 */
interface Session {
  run: RunPrepared;
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

function sessionOf(database: Database, url: string | undefined): Session {
  if (!url) {
    return { run: database.run, query: (text) => rows(database, sql.raw(text)), close: async () => {} };
  }
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  return {
    run: postgresRunner(pool),
    query: async (text) => (await pool.query(text)).rows,
    close: () => pool.end(),
  };
}

describe("accepting a message in a long chat (on the embedded engine, and on PostgreSQL when DATABASE_URL is set)", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let session: Session;
  let userId: string;
  let caseId: string;
  /** How many times the session has run the accept statement. */
  let accepted = 0;

  beforeAll(async () => {
    let url: string | undefined;
    ({ database, drop, url } = await openTestDatabase());
    session = sessionOf(database, url);
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
  afterAll(async () => {
    await session?.close();
    await drop?.();
  });

  const accept = (content: string) => {
    accepted += 1;
    return acceptUserMessage(session.run, {
      caseId,
      userId,
      // No limit: a Premium member.
      limit: null,
      // Each accepted message claims the reply slot; a slot started before now + 1 h counts as free.
      staleBefore: new Date(Date.now() + 3_600_000),
      defaultTitle: "New Legal Consultation",
      newTitle: "Deposit",
      category: "Housing",
      content,
    });
  };

  it("returns the latest earlier messages, newest first, without the new one", async () => {
    // The chat's latest messages: the last of the 3,000 above (unless the other test ran first).
    const latest = await rows<{ content: string }>(
      database,
      sql`select content from case_messages where case_id = ${caseId} order by seq desc limit ${HISTORY_MESSAGES}`,
    );
    const accepted = await accept("Can my landlord keep the deposit?");
    expect(accepted?.message.content).toBe("Can my landlord keep the deposit?");
    expect(latest).toHaveLength(HISTORY_MESSAGES);
    expect(accepted?.history.map((turn) => turn.content)).toEqual(latest.map((row) => row.content));
  });

  it("is planned once and then reused, however long the chats are", async () => {
    for (let i = 0; i < 9; i++) await accept(`Follow-up question ${i}`);
    // The first five runs are always planned with their values; then PostgreSQL keeps one plan
    // unless it looks dearer, which a LIMIT it could not see made it, re-planning every message.
    const [plans] = await session.query<{ generic: number; custom: number }>(
      `select generic_plans::int as generic, custom_plans::int as custom
         from pg_prepared_statements where name = 'accept_user_message'`,
    );
    // Every run of the statement is counted in this one session.
    expect((plans?.generic ?? 0) + (plans?.custom ?? 0)).toBe(accepted);
    expect(plans?.custom).toBeLessThanOrEqual(5);
    expect(plans?.generic).toBeGreaterThanOrEqual(accepted - 5);
  });
});

describe("the usual page of the cases list", () => {
  it("is the general query's page, in order, cursors and ties on the same instant included", async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const owner = `pages-${Date.now()}`;
      await database.db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values (${owner}, 'Pages', ${`${owner}@example.com`}, true, now(), now())`);
      // 45 cases: every third shares its instant with the next, so the id breaks the tie.
      await database.db.execute(sql`insert into cases (user_id, title, description, updated_at, last_message_at)
        select ${owner}, 'Case ' || g, 'Description ' || g,
               timestamptz '2026-01-01' + ((g / 3) * interval '1 minute') + interval '0.000001 second' * (g % 2),
               case when g % 4 = 0 then now() end
        from generate_series(1, 45) g`);
      let cursor: { ts: string; id: string } | null = null;
      let pages = 0;
      for (;;) {
        const usual = await listUsualCasesPage(database.run, owner, cursor);
        const general = await listCasesPage(database.db, owner, cursor, CASES_PAGE_SIZE + 1);
        expect(usual).toEqual(general);
        pages += 1;
        if (usual.length <= CASES_PAGE_SIZE) break;
        const last = usual[CASES_PAGE_SIZE - 1];
        cursor = last ? { ts: last.cursorTs, id: last.row.id } : null;
      }
      expect(pages).toBe(3);
      expect(await listUsualCasesPage(database.run, "nobody", null)).toEqual([]);
    } finally {
      await drop();
    }
  });
});
