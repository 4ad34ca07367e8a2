import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/factories/test-db";
import { AUTH_CHANGED_CHANNEL } from "../lib/member-cache";
import type { Database } from "./client";

/**
 * The embedded engine's process keeps sessions and forgets a member when the database announces a
 * change (decision 006). That is safe only because PGlite hands a notification to its listener
 * before the statement that sent it returns to its caller: PGlite's documentation does not
 * promise it, so these tests hold it to it. (PostgreSQL runs skip this: nothing is kept there.)
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))("notifications on the embedded engine", () => {
  let database: Database;
  let drop: () => Promise<void>;
  const heard: string[] = [];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    if (!database.listen) throw new Error("the embedded engine listens for notifications");
    await database.listen(AUTH_CHANGED_CHANNEL, (payload) => heard.push(payload));
  });
  afterAll(() => drop());

  it("reach the listener before the statement that sent them returns", async () => {
    heard.length = 0;
    await database.db.execute(sql`select pg_notify(${AUTH_CHANGED_CHANNEL}, 'member-1')`);
    expect(heard).toEqual(["member-1"]);
  });

  it("from a trigger on a table a session lookup reads, before the change returns", async () => {
    heard.length = 0;
    await database.db.execute(sql`truncate table session`);
    expect(heard).toEqual([""]);
  });

  it("sent inside a transaction reach it at the commit, before the transaction returns", async () => {
    heard.length = 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify(${AUTH_CHANGED_CHANNEL}, 'member-2')`);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(["member-2"]);
  });
});
