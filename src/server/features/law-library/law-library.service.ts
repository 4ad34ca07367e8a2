import { LAW_TOPICS, type LawFact, type LawTopic } from "@shared/law";
import {
  LAW_FACT_DUE_MONTHS,
  LAW_LIBRARY_PAGE_SIZE,
  LAW_LIBRARY_TEXT,
  type LawFactDetail,
  type LawFactEdit,
  type LawLibraryItem,
  type LawLibraryList,
  type LawReleaseDecision,
} from "@shared/schemas/law-library";
import { type StateCode, stateName } from "@shared/us-states";
import type { Db } from "../../db/client";
import { librarySections } from "../../law/grounding";
import { LIBRARY_FACTS, LIBRARY_VERSION } from "../../law/library";
import { conflict, invalidInput, notFound } from "../../lib/errors";
import { type Actor, changedValues, type LogService } from "../logs/logs.service";
import {
  changeLawFact,
  holdRelease,
  insertReleasedFacts,
  type LawFactRow,
  listLawFacts,
  takeRelease,
} from "./law-library.queries";

/** How long a process keeps the library in memory before reading it again (another process may have changed it). */
const KEEP_MS = 30_000;

const TOPIC_LABELS = new Map<string, string>(LAW_TOPICS.map((t) => [t.id, t.label]));
/** JSON with every object's keys in order: the database's jsonb keeps them in an order of its own. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
const sameFact = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** Whole months from `checked` (YYYY-MM-DD) to `today`. */
export function monthsSince(checked: string, today = new Date()): number {
  const [y, m, d] = checked.split("-").map(Number) as [number, number, number];
  let months = (today.getUTCFullYear() - y) * 12 + (today.getUTCMonth() + 1 - m);
  if (today.getUTCDate() < d) months -= 1;
  return Math.max(0, months);
}

function itemOf(row: LawFactRow): LawLibraryItem {
  const fact = row.fact as LawFact;
  const ageMonths = fact.checked ? monthsSince(fact.checked) : null;
  return {
    state: fact.state,
    stateName: stateName(fact.state),
    topic: fact.topic,
    topicLabel: TOPIC_LABELS.get(fact.topic) ?? fact.topic,
    rule: fact.rule,
    citation: fact.citation,
    sourceUrl: fact.sourceUrl,
    checked: fact.checked,
    checkedBy: fact.checkedBy,
    ageMonths,
    due: ageMonths === null || ageMonths >= LAW_FACT_DUE_MONTHS,
    edited: row.editedAt !== null,
    pendingRelease: row.pendingRelease !== null,
  };
}

/** What an audit row records of a fact. */
const audited = (fact: LawFact) => ({
  rule: fact.rule,
  citation: fact.citation,
  sourceUrl: fact.sourceUrl,
  notes: fact.notes,
  checked: fact.checked,
  checkedBy: fact.checkedBy,
  deadlines: fact.deadlines.map((d) => ({ event: d.event, amount: d.amount, unit: d.unit })),
});

/**
 * The law library in force: seeded from the release (src/server/law/library.json) and kept
 * current by administrators, who correct facts and mark them checked (every change audited with
 * its old and new values). A later release never overwrites a fact an administrator edited: it
 * waits beside it for their decision. The assistant, the key dates and the templates read the
 * facts from here (kept in memory for KEEP_MS, and at once after a change made here).
 */
export function createLawLibrary(deps: { db: Db; logs: LogService }) {
  const { db, logs } = deps;
  let kept: { at: number; rows: Map<string, LawFactRow>; sections?: Set<string> } | null = null;

  async function rows(): Promise<Map<string, LawFactRow>> {
    if (kept && Date.now() - kept.at < KEEP_MS) return kept.rows;
    const all = await listLawFacts(db);
    kept = { at: Date.now(), rows: new Map(all.map((row) => [`${row.state}:${row.topic}`, row])) };
    return kept.rows;
  }
  const forget = () => {
    kept = null;
  };

  async function rowOf(state: StateCode, topic: LawTopic): Promise<LawFactRow> {
    const row = (await rows()).get(`${state}:${topic}`);
    if (!row) throw notFound(LAW_LIBRARY_TEXT.notFound);
    return row;
  }

  async function detail(state: StateCode, topic: LawTopic): Promise<LawFactDetail> {
    const row = await rowOf(state, topic);
    return {
      item: itemOf(row),
      fact: row.fact as LawFact,
      editedBy: row.editedBy,
      editedAt: row.editedAt?.toISOString() ?? null,
      pending:
        row.pendingRelease && row.pendingVersion
          ? { version: row.pendingVersion, fact: row.pendingRelease as LawFact }
          : null,
    };
  }

  /** Change a fact under its row's lock, audited; the detail after. */
  async function change(
    state: StateCode,
    topic: LawTopic,
    action: string,
    actor: Actor & { name: string },
    decide: (row: LawFactRow) => { changes: Partial<LawFactRow> } | null,
  ): Promise<LawFactDetail> {
    const changed = await changeLawFact(db, { state, topic }, (row) => {
      const decided = decide(row);
      if (!decided) return null;
      const before = row.fact as LawFact;
      const after = (decided.changes.fact as LawFact | undefined) ?? before;
      const { oldValues, newValues } = changedValues(audited(before), audited(after));
      return {
        changes: decided.changes,
        audit: logs.auditRow({
          userId: actor.userId ?? null,
          ipAddress: actor.ipAddress ?? null,
          userAgent: actor.userAgent ?? null,
          action,
          tableName: "law_facts",
          recordId: `${state}:${topic}`,
          oldValues: Object.keys(oldValues).length ? oldValues : audited(before),
          newValues: Object.keys(newValues).length ? newValues : audited(after),
        }),
      };
    });
    if (!changed) throw notFound(LAW_LIBRARY_TEXT.notFound);
    forget();
    return detail(state, topic);
  }

  const today = () => new Date().toISOString().slice(0, 10);

  return {
    /**
     * Bring the database's library up to the release: new facts added, facts nobody edited
     * replaced by a changed release, and a changed release of an edited fact kept aside. Run at
     * every start; changes nothing when the release is what the database has.
     */
    async seedRelease(): Promise<{ added: number; updated: number; held: number }> {
      const existing = new Map((await listLawFacts(db)).map((row) => [`${row.state}:${row.topic}`, row]));
      const added: LawFact[] = [];
      let updated = 0;
      let held = 0;
      for (const fact of LIBRARY_FACTS) {
        const row = existing.get(`${fact.state}:${fact.topic}`);
        if (!row) {
          added.push(fact);
          continue;
        }
        if (sameFact(row.released, fact)) continue;
        if (row.editedAt === null) {
          await takeRelease(db, fact, LIBRARY_VERSION);
          updated += 1;
        } else if (!sameFact(row.fact, fact) && !sameFact(row.pendingRelease, fact)) {
          await holdRelease(db, fact, LIBRARY_VERSION);
          held += 1;
        }
      }
      if (added.length) await insertReleasedFacts(db, added, LIBRARY_VERSION);
      forget();
      return { added: added.length, updated, held };
    },

    /** One state's fact on one topic, in force. */
    async fact(state: StateCode, topic: LawTopic): Promise<LawFact | null> {
      return ((await rows()).get(`${state}:${topic}`)?.fact as LawFact | undefined) ?? null;
    },

    /** Every section number the library in force cites: what an answer's citations are checked against. */
    async sections(): Promise<ReadonlySet<string>> {
      const all = await rows();
      if (kept && !kept.sections) kept.sections = librarySections([...all.values()].map((row) => row.fact as LawFact));
      return kept?.sections ?? librarySections([...all.values()].map((row) => row.fact as LawFact));
    },

    /** Every fact of one state, in force. */
    async factsOf(state: StateCode): Promise<LawFact[]> {
      return [...(await rows()).values()].filter((row) => row.state === state).map((row) => row.fact as LawFact);
    },

    // ---------------------------------------------------------------- administrators

    async list(filter: { state?: StateCode; topic?: LawTopic; due?: boolean; page?: number }): Promise<LawLibraryList> {
      const all = [...(await rows()).values()].map(itemOf);
      const items = all.filter(
        (item) =>
          (!filter.state || item.state === filter.state) &&
          (!filter.topic || item.topic === filter.topic) &&
          (!filter.due || item.due),
      );
      items.sort((a, b) => a.stateName.localeCompare(b.stateName) || a.topic.localeCompare(b.topic));
      const page = filter.page ?? 1;
      return {
        items: items.slice((page - 1) * LAW_LIBRARY_PAGE_SIZE, page * LAW_LIBRARY_PAGE_SIZE),
        page,
        pageSize: LAW_LIBRARY_PAGE_SIZE,
        total: items.length,
        releaseVersion: LIBRARY_VERSION,
        counts: {
          total: all.length,
          due: all.filter((i) => i.due).length,
          notVerified: all.filter((i) => i.checked === null).length,
          pending: all.filter((i) => i.pendingRelease).length,
        },
      };
    },

    detail,

    /**
     * Correct a fact. Unless the administrator read it against the source today (`checkedNow`),
     * the corrected fact is not verified: a check belongs to the words it was made on.
     */
    edit(state: StateCode, topic: LawTopic, input: LawFactEdit, actor: Actor & { name: string }) {
      if (input.checkedNow && !input.sourceUrl) throw invalidInput(LAW_LIBRARY_TEXT.checkNeedsSource);
      return change(state, topic, "law_fact.edit", actor, (row) => {
        const before = row.fact as LawFact;
        const deadlines = before.deadlines.map((d) => {
          const edit = input.deadlines.find((e) => e.event === d.event);
          return edit ? { ...d, amount: edit.amount, unit: edit.unit } : d;
        });
        const content = {
          ...before,
          rule: input.rule,
          citation: input.citation,
          sourceUrl: input.sourceUrl || null,
          notes: input.notes || null,
          deadlines,
        };
        const unchanged = sameFact(audited(content), audited(before));
        if (unchanged && !input.checkedNow) return null;
        const fact: LawFact = {
          ...content,
          checked: input.checkedNow ? today() : unchanged ? before.checked : null,
          checkedBy: input.checkedNow ? actor.name : unchanged ? before.checkedBy : null,
        };
        return { changes: { fact, editedAt: new Date(), editedBy: actor.name } };
      });
    },

    /** The administrator read the fact against its source today. */
    markChecked(state: StateCode, topic: LawTopic, actor: Actor & { name: string }) {
      return change(state, topic, "law_fact.check", actor, (row) => {
        const before = row.fact as LawFact;
        if (!before.sourceUrl) throw invalidInput(LAW_LIBRARY_TEXT.checkNeedsSource);
        const fact: LawFact = { ...before, checked: today(), checkedBy: actor.name };
        return { changes: { fact, editedAt: new Date(), editedBy: actor.name } };
      });
    },

    /** Take a newer release of an edited fact, or keep the administrator's version (and set the release aside). */
    decideRelease(state: StateCode, topic: LawTopic, decision: LawReleaseDecision, actor: Actor & { name: string }) {
      return change(state, topic, `law_fact.release_${decision.take}`, actor, (row) => {
        if (!row.pendingRelease || !row.pendingVersion) throw conflict(LAW_LIBRARY_TEXT.noPending);
        const pending = row.pendingRelease as LawFact;
        if (decision.take === "release") {
          return {
            changes: {
              fact: pending,
              released: pending,
              releaseVersion: row.pendingVersion,
              pendingRelease: null,
              pendingVersion: null,
              editedAt: null,
              editedBy: null,
            },
          };
        }
        return {
          changes: {
            released: pending,
            releaseVersion: row.pendingVersion,
            pendingRelease: null,
            pendingVersion: null,
          },
        };
      });
    },
  };
}

export type LawLibrary = ReturnType<typeof createLawLibrary>;
