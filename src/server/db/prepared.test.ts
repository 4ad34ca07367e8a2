import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/factories/test-db";
import type { Database } from "./client";
import { prepared, serializeParam } from "./prepared";

const insertLog = prepared<{ id: number; message: string; metadata: Record<string, unknown>; createdAt: Date }>(
  "test_insert_log",
  `insert into app_logs (level, category, message, metadata)
   values ('info', $1::text, $2::text, $3::jsonb)
   returning id::int as id, message, metadata, created_at as "createdAt"`,
);
const countLogs = prepared<{ n: number }>(
  "test_count_logs",
  "select count(*)::int as n from app_logs where category = $1::text",
);
const castUuid = prepared<{ id: string }>("test_cast_uuid", "select $1::uuid::text as id");

describe("prepared statements (on the embedded engine, and on PostgreSQL when DATABASE_URL is set)", () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it("bind their parameters: quotes, placeholders and SQL in a value are stored as written", async () => {
    const tricky = "O'Brien's $1 '); drop table app_logs; -- \\ \u00e9\u4e2d";
    const [row] = await database.run(insertLog, ["prepared-test", tricky, { note: tricky, n: 2 }]);
    expect(row?.message).toBe(tricky);
    expect(row?.metadata).toEqual({ note: tricky, n: 2 });
    expect(new Date(row?.createdAt ?? 0).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const again = await database.run(insertLog, ["prepared-test", "second", {}]);
    expect(again[0]?.id).toBeGreaterThan(row?.id ?? 0);
    expect((await database.run(countLogs, ["prepared-test"]))[0]?.n).toBe(2);
  });

  it("report a database error with its code, and the next statement still runs", async () => {
    await expect(database.run(castUuid, ["not-a-uuid"])).rejects.toMatchObject({ code: "22P02" });
    const id = "7d0c6c33-3a3a-4a59-9a54-3f3a3a3a3a3a";
    expect(await database.run(castUuid, [id])).toEqual([{ id }]);
  });

  it("never run inside another caller's open transaction: they see only what it commits", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into app_logs (level, category, message) values ('info', 'tx-test', 'inside')`);
      inserted();
      await held;
      throw new Error("roll back");
    });
    await insertedYet;
    // Run while the transaction is open; it is then rolled back. Run inside it (the embedded engine
    // has a single session), the count would have seen the uncommitted row.
    const counted = database.run(countLogs, ["tx-test"]);
    setTimeout(release, 50);
    await expect(transaction).rejects.toThrow("roll back");
    expect((await counted)[0]?.n).toBe(0);
  });

  it("serialize parameters as PostgreSQL's text format expects", () => {
    expect(serializeParam(null)).toBeNull();
    expect(serializeParam(true)).toBe("t");
    expect(serializeParam(false)).toBe("f");
    expect(serializeParam(12.5)).toBe("12.5");
    expect(serializeParam(new Date("2026-01-02T03:04:05.000Z"))).toBe("2026-01-02T03:04:05.000Z");
    expect(serializeParam({ a: [1, "b"] })).toBe('{"a":[1,"b"]}');
    expect(() => serializeParam(Number.NaN)).toThrow();
  });

  it("refuse a second statement under the same name", () => {
    expect(() => prepared("test_count_logs", "select 1")).toThrow(/declared twice/);
  });
});
