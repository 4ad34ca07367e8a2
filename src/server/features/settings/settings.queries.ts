import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { systemSettings } from "../../db/schema";

export function readSettingsRows(db: DbOrTx) {
  return db.select({ section: systemSettings.section, values: systemSettings.values }).from(systemSettings);
}

export async function upsertSettingsSection(
  db: DbOrTx,
  section: string,
  values: Record<string, unknown>,
  updatedBy: string | null,
): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ section, values, updatedBy, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: systemSettings.section,
      set: { values, updatedBy, updatedAt: sql`now()` },
    });
}

export async function insertMissingSections(db: DbOrTx, sections: Record<string, Record<string, unknown>>) {
  const rows = Object.entries(sections).map(([section, values]) => ({ section, values }));
  if (rows.length === 0) return;
  await db.insert(systemSettings).values(rows).onConflictDoNothing();
}
