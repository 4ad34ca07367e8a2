import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { auditLogs, systemSettings } from "../../db/schema";

export function readSettingsRows(db: DbOrTx) {
  return db.select({ section: systemSettings.section, values: systemSettings.values }).from(systemSettings);
}

/** Store one section and its audit row, together. */
export async function saveSettingsSection(
  db: Db,
  section: string,
  values: Record<string, unknown>,
  updatedBy: string | null,
  audit: typeof auditLogs.$inferInsert,
): Promise<void> {
  await saveSettingsSections(db, [{ section, values, audit }], updatedBy);
}

export interface SectionWrite {
  section: string;
  values: Record<string, unknown>;
  audit: typeof auditLogs.$inferInsert;
}

/** Store several sections and their audit rows, all or none. */
export async function saveSettingsSections(db: Db, writes: SectionWrite[], updatedBy: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { section, values, audit } of writes) {
      await tx
        .insert(systemSettings)
        .values({ section, values, updatedBy, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: systemSettings.section,
          set: { values, updatedBy, updatedAt: sql`now()` },
        });
      await tx.insert(auditLogs).values(audit);
    }
  });
}

/** Write the sections that have no row yet; how many were written. */
export async function insertMissingSections(
  db: DbOrTx,
  sections: Record<string, Record<string, unknown>>,
): Promise<number> {
  const rows = Object.entries(sections).map(([section, values]) => ({ section, values }));
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(systemSettings)
    .values(rows)
    .onConflictDoNothing()
    .returning({ section: systemSettings.section });
  return inserted.length;
}
