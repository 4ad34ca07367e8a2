import { describe, expect, it } from "vitest";
import { STATE_CODES } from "./jurisdictions";
import { LAW_FACTS, STATE_LAW } from "./state-law";

const TEXT_FIELDS = {
  securityDeposit: ["deadline"],
  finalPaycheck: ["fired", "quit"],
  smallClaims: ["limit"],
  monthToMonthNotice: ["notice"],
} as const;

describe("the state-law table", () => {
  it("has one row for each of the 50 states and DC, in no particular order but each once", () => {
    expect(STATE_LAW.map((row) => row.code).sort()).toEqual([...STATE_CODES].sort());
  });

  it.each(STATE_CODES)("%s: every fact is filled in, with a source and a date checked", (code) => {
    const row = STATE_LAW.find((r) => r.code === code);
    expect(row).toBeDefined();
    if (!row) return;
    expect(row.name.length).toBeGreaterThan(3);
    expect(row.checked).toMatch(/^20\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
    expect(Number.isNaN(Date.parse(row.checked))).toBe(false);
    for (const fact of LAW_FACTS) {
      const value = row[fact] as unknown as Record<string, unknown>;
      expect(typeof value.source, `${code} ${fact} source`).toBe("string");
      expect((value.source as string).trim().length, `${code} ${fact} source`).toBeGreaterThan(5);
      for (const field of TEXT_FIELDS[fact]) {
        const text = value[field];
        expect(typeof text, `${code} ${fact}.${field}`).toBe("string");
        expect((text as string).trim().length, `${code} ${fact}.${field}`).toBeGreaterThan(2);
        // The answer adds its own full stop after these.
        expect(text as string, `${code} ${fact}.${field}`).not.toMatch(/\.\s*$/);
      }
    }
    const { days } = row.securityDeposit;
    expect(days === null || (Number.isInteger(days) && days > 0 && days <= 90)).toBe(true);
    const { amount } = row.smallClaims;
    expect(amount === null || (Number.isInteger(amount) && amount >= 1000 && amount <= 50_000)).toBe(true);
    for (const detail of [row.securityDeposit.detail, row.finalPaycheck.detail]) {
      expect(detail === null || /[.)]$/.test(detail)).toBe(true);
    }
  });
});
