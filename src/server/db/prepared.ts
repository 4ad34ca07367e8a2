import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import type pg from "pg";

/**
 * Prepared statements for the few queries on every request and every chat message (the session
 * lookup, accepting a message, storing the answer, the AI log). They are parsed once per
 * connection and then only bound and executed: on the embedded engine one round trip instead of
 * the six a plain query makes, and no planning (a 4-table join: ~4 ms as a plain query, ~0.4 ms
 * prepared). PostgreSQL plans the first five runs with their values and from then on reuses one
 * plan, unless that plan looks dearer than planning each time: write the text so that it cannot
 * (a LIMIT must be a constant, not a parameter), or every run is planned again (accepting a
 * message in a long chat: ~0.9 ms instead of ~0.5 ms in the embedded engine).
 *
 * Parameters are always bound, never written into the SQL (constants of the code may be). A
 * statement runs on its own, outside any transaction: what must be atomic is written as one
 * statement (a CTE).
 */
export interface Prepared<Row> {
  readonly name: string;
  readonly text: string;
  /** Phantom: the shape of a row (columns as named in the SQL). */
  readonly row?: Row;
}

export type Param = string | number | boolean | Date | null | Record<string, unknown> | unknown[];

export type RunPrepared = <Row>(statement: Prepared<Row>, params: readonly Param[]) => Promise<Row[]>;

const names = new Set<string>();

/** Declare a statement; `text` uses $1, $2, … with casts where the type is not obvious. */
export function prepared<Row>(name: string, text: string): Prepared<Row> {
  if (names.has(name)) throw new Error(`prepared statement "${name}" is declared twice`);
  names.add(name);
  return { name, text };
}

/** A parameter as PostgreSQL's text format expects it. */
export function serializeParam(value: Param): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`cannot bind ${value}`);
    return String(value);
  }
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** node-postgres: a named query is prepared once per pooled connection by the driver itself. */
export function postgresRunner(pool: pg.Pool): RunPrepared {
  return async <Row>(statement: Prepared<Row>, params: readonly Param[]) => {
    const result = await pool.query({ name: statement.name, text: statement.text, values: params.map(serializeParam) });
    return result.rows as Row[];
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * PGlite has one session: each statement is parsed under its name the first time, then every run
 * is Bind + Describe + Execute + Sync in a single call, under the same locks as `PGlite.query`
 * (never inside a transaction of ours, which would wait for itself).
 */
export function pgliteRunner(client: PGlite): RunPrepared {
  const { serialize } = protocol;
  const ready = new Set<string>();
  return <Row>(statement: Prepared<Row>, params: readonly Param[]) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        if (!ready.has(statement.name)) {
          const parseMessage = serialize.parse({ name: statement.name, text: statement.text, types: [] });
          await client.execProtocolStream(concat([parseMessage, serialize.sync()]), { syncToFs: false });
          ready.add(statement.name);
        }
        const replies = await client.execProtocolStream(
          concat([
            serialize.bind({ statement: statement.name, values: params.map(serializeParam) }),
            serialize.describe({ type: "P" }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        await client.syncToFs();
        return (parse.parseResults(replies, client.parsers)[0]?.rows ?? []) as Row[];
      }),
    );
}
