import {
  DEFAULT_SETTINGS,
  SETTINGS_SECTIONS,
  type SettingsChange,
  type SettingsSection,
  type SystemSettings,
  settingsSectionSchemas,
  systemSettingsSchema,
} from "@shared/schemas/settings";
import { settingsPatchErrors } from "@shared/settings-fields";
import type { Db } from "../../db/client";
import { invalidInput } from "../../lib/errors";
import { keptFor } from "../../lib/kept";
import type { Logger } from "../../lib/logger";
import type { Actor, LogService } from "../logs/logs.service";
import {
  insertMissingSections,
  readSettingsRows,
  type SectionWrite,
  saveSettingsSection,
  saveSettingsSections,
} from "./settings.queries";

/** The channel on which the database announces a change to the settings or the AI models (migration 0018). */
export const SETTINGS_CHANGED_CHANNEL = "lawguide_settings_changed";

/**
 * System settings, kept in memory for `cacheMs` and dropped at once when this process writes them,
 * or when the database announces a change made by another process (see createServices). A stored
 * value that no longer passes validation falls back to its default instead of breaking the service.
 */
export function createSettingsService(
  db: Db,
  logs: LogService,
  logger: Logger,
  options: { cacheMs?: number | (() => number) } = {},
) {
  /**
   * Settings are read on nearly every request, so they are kept: a change made in this process
   * applies at once, one made in another process when it is announced, or within `cacheMs`.
   */
  const kept = keptFor(options.cacheMs ?? 1000, read);
  const get = kept.get;

  async function read(): Promise<SystemSettings> {
    const rows = await readSettingsRows(db);
    const raw: Record<string, Record<string, unknown>> = {};
    for (const row of rows) raw[row.section] = row.values;
    const merged: Record<string, unknown> = {};
    for (const [section, schema] of Object.entries(settingsSectionSchemas)) {
      const parsed = schema.safeParse(raw[section] ?? {});
      if (parsed.success) {
        merged[section] = parsed.data;
      } else {
        logger.warn({ section, issues: parsed.error.issues.length }, "stored settings invalid; using defaults");
        const defaults = DEFAULT_SETTINGS[section as SettingsSection];
        const fixed: Record<string, unknown> = { ...defaults };
        for (const [key, value] of Object.entries(raw[section] ?? {})) {
          const one = (schema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>)[key];
          if (one?.safeParse(value).success) fixed[key] = value;
        }
        merged[section] = fixed;
      }
    }
    return systemSettingsSchema.parse(merged);
  }

  return {
    get,
    /** Forget the cached copy (a change announced, or settings written some other way). */
    invalidate: kept.forget,
    /** Validate and store one section (whole or partial); the change is audited. */
    async update<S extends SettingsSection>(
      section: S,
      patch: Partial<SystemSettings[S]>,
      actor: Actor,
    ): Promise<SystemSettings[S]> {
      const current = (await get())[section];
      const next = settingsSectionSchemas[section].parse({ ...current, ...patch }) as SystemSettings[S];
      kept.forget();
      await saveSettingsSection(
        db,
        section,
        next as Record<string, unknown>,
        actor.userId ?? null,
        logs.auditRow({
          ...actor,
          action: "settings.update",
          tableName: "system_settings",
          recordId: section,
          oldValues: current as Record<string, unknown>,
          newValues: next as Record<string, unknown>,
        }),
      );
      kept.forget();
      return next;
    },
    /**
     * An administrator's change to some values of a section: checked against the section's bounds
     * (400 naming each refused field), then stored and audited like `update`.
     */
    async patch<S extends SettingsSection>(section: S, values: Record<string, unknown>, actor: Actor) {
      const fields = settingsPatchErrors(section, values);
      const first = Object.values(fields)[0];
      if (first) throw invalidInput(first, fields);
      return this.update(section, values as Partial<SystemSettings[S]>, actor);
    },
    /**
     * An administrator's change to several sections at once (the Settings form's save): every
     * value is checked first (400 naming each refused field as `section.key`, nothing stored), then
     * the changed sections are stored together, each with its audit row. Answers every section
     * as it is now in force.
     */
    async change(change: SettingsChange, actor: Actor): Promise<SystemSettings> {
      const fields: Record<string, string> = {};
      for (const section of SETTINGS_SECTIONS) {
        for (const [key, message] of Object.entries(settingsPatchErrors(section, change[section] ?? {}))) {
          fields[`${section}.${key}`] = message;
        }
      }
      const first = Object.values(fields)[0];
      if (first) throw invalidInput(first, fields);
      const current = await get();
      const writes: SectionWrite[] = [];
      for (const section of SETTINGS_SECTIONS) {
        const values = change[section];
        if (!values || Object.keys(values).length === 0) continue;
        const old = current[section] as Record<string, unknown>;
        const next = settingsSectionSchemas[section].parse({ ...old, ...values }) as Record<string, unknown>;
        if (Object.keys(next).every((key) => Object.is(next[key], old[key]))) continue;
        writes.push({
          section,
          values: next,
          audit: logs.auditRow({
            ...actor,
            action: "settings.update",
            tableName: "system_settings",
            recordId: section,
            oldValues: old,
            newValues: next,
          }),
        });
      }
      if (writes.length > 0) {
        kept.forget();
        await saveSettingsSections(db, writes, actor.userId ?? null);
        kept.forget();
      }
      return get();
    },
    /**
     * Write the default of every section that has no row yet (start-up seed). True when this wrote
     * them all: the database is new (of processes starting on it at once, exactly one hears so).
     */
    async seedDefaults(): Promise<boolean> {
      const sections = DEFAULT_SETTINGS as unknown as Record<string, Record<string, unknown>>;
      const written = await insertMissingSections(db, sections);
      kept.forget();
      return written === Object.keys(sections).length;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
