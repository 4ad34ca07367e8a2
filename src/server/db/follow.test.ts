import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/factories/test-db";
import { waitUntil } from "../../../tests/factories/wait";
import { SETTINGS_CHANGED_CHANNEL } from "../features/settings/settings.service";
import type { Database } from "./client";
import { followNotifications } from "./follow";

/**
 * Several processes on PostgreSQL keep the settings and AI model configurations until the database
 * announces a change (migration 0018): the connection that follows the announcements must hear
 * them, say when it is lost, and come back. (The embedded engine's one process needs none of it.)
 */
describe.runIf(Boolean(process.env.DATABASE_URL))("following notifications on PostgreSQL", () => {
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    ({ database, drop } = opened);
    url = opened.url as string;
  });
  afterAll(() => drop());

  function follow() {
    const heard: string[] = [];
    const states: boolean[] = [];
    const follower = followNotifications(url, SETTINGS_CHANGED_CHANNEL, {
      onPayload: (payload) => heard.push(payload),
      onLive: (live) => states.push(live),
    });
    return { heard, states, follower };
  }

  /** The server process of the connection that follows, found by what it last ran. */
  async function followerPid(): Promise<number> {
    const { rows } = await database.query(
      "select pid from pg_stat_activity where datname = current_database() and query ilike 'listen%'",
    );
    return (rows[0] as { pid: number } | undefined)?.pid ?? 0;
  }

  it("hears every change to the settings and the AI models, naming the table, once it follows", async () => {
    const { heard, states, follower } = follow();
    try {
      await waitUntil(() => states[0] === true, { what: "the follower to listen" });
      await database.db.execute(sql`update system_settings set updated_at = now()`);
      await database.db.execute(sql`update ai_models set updated_at = now()`);
      await database.db.execute(sql`delete from ai_models where false`);
      await waitUntil(() => heard.length >= 3, { what: "three announcements" });
      expect(heard).toEqual(["system_settings", "ai_models", "ai_models"]);
    } finally {
      await follower.stop();
    }
  });

  it("says when its connection is lost, opens it again and hears what comes after", async () => {
    const { heard, states, follower } = follow();
    try {
      await waitUntil(() => states[0] === true, { what: "the follower to listen" });
      const first = await followerPid();
      expect(first).toBeGreaterThan(0);
      await database.query(`select pg_terminate_backend(${first})`);
      await waitUntil(() => states.length >= 3, { what: "the connection to be lost and opened again" });
      expect(states).toEqual([true, false, true]);
      expect(await followerPid()).not.toBe(first);
      await database.db.execute(sql`update system_settings set updated_at = now()`);
      await waitUntil(() => heard.includes("system_settings"), { what: "the announcement after reopening" });
    } finally {
      await follower.stop();
    }
  });

  it("when it cannot connect, says so once and keeps trying", async () => {
    const nowhere = new URL(url);
    nowhere.pathname = "/lawguide_no_such_database";
    const states: boolean[] = [];
    const follower = followNotifications(nowhere.toString(), SETTINGS_CHANGED_CHANNEL, {
      onPayload: () => {},
      onLive: (live) => states.push(live),
    });
    try {
      await waitUntil(() => states.length > 0, { what: "the failure to be reported" });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(states).toEqual([false]);
    } finally {
      await follower.stop();
    }
  });

  it("ends its connection when stopped, and hears nothing after", async () => {
    const { heard, states, follower } = follow();
    await waitUntil(() => states[0] === true, { what: "the follower to listen" });
    await follower.stop();
    expect(await followerPid()).toBe(0);
    await database.db.execute(sql`update system_settings set updated_at = now()`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
    expect(states).toEqual([true]);
  });

  it("is ended with the database it belongs to", async () => {
    const opened = await openTestDatabase();
    const states: boolean[] = [];
    opened.database.follow?.(SETTINGS_CHANGED_CHANNEL, { onPayload: () => {}, onLive: (live) => states.push(live) });
    await waitUntil(() => states[0] === true, { what: "the follower to listen" });
    // Dropping the database closes it first; a follower left open would hold the drop up or be
    // cut by it and say it was lost.
    await opened.drop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(states).toEqual([true]);
  });
});
