import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeListCursor,
  encodeListCursor,
  isSafeText,
  listCursorSchema,
  queryDateSchema,
  storableText,
  TEXT_RULE_MESSAGE,
  text,
} from "./text";

describe("the text rule", () => {
  it.each<[string, boolean, { multiline?: boolean }?]>([
    ["a\u0000b", false],
    ["\u0000", false],
    ["x\u0007", false],
    ["\ud800", false],
    ["a\udc00b", false],
    ["\ud83d", false],
    ["plain", true],
    ["😀 emoji", true],
    ["\u202eright-to-left", false],
    ["a\u009bb", false],
    ["next\u0085line", false],
    ["\u2066isolate\u2069", false],
    ["\u202aembedded\u202c", false],
    ["\u0085", false, { multiline: true }],
    ["\u202e", false, { multiline: true }],
    ["שלום\u200f", true],
    ["left\u200e", true],
    ["\u00a0no-break space", true],
    ["é à ü", true],
    ["中文", true],
    ["two\nlines", false],
    ["two\nlines\tand\r\n", true, { multiline: true }],
    ["nul\u0000", false, { multiline: true }],
  ])(
    "refuses NUL, C0 and C1 controls, bidi overrides and isolates, unpaired surrogates; keeps pairs, direction marks and line breaks where allowed: %j is safe: %s",
    (value, safe, options) => {
      expect(isSafeText(value, options)).toBe(safe);
    },
  );

  it("makes what is recorded rather than refused storable (logs)", () => {
    expect(storableText("a\u0000b\ud800c😀")).toBe("a\uFFFDb\uFFFDc😀");
  });

  it("trims, bounds the length and names the problem", () => {
    const rule = text({ min: 1, max: 5, required: "Required.", tooLong: "Too long." });
    expect(rule.parse("  abc  ")).toBe("abc");
    expect(rule.safeParse("   ").error?.issues[0]?.message).toBe("Required.");
    expect(rule.safeParse("abcdef").error?.issues[0]?.message).toBe("Too long.");
    expect(rule.safeParse("a\u0000").error?.issues[0]?.message).toBe(TEXT_RULE_MESSAGE);
    expect(text({ max: 10, keepSpaces: true }).parse(" pass ")).toBe(" pass ");
  });

  it("never lets an unsafe string through, whatever it is", () => {
    const rule = text({ max: 1000, multiline: true });
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 50 }), (value) => {
        const parsed = rule.safeParse(value);
        if (parsed.success) expect(isSafeText(parsed.data, { multiline: true })).toBe(true);
      }),
    );
  });
});

describe("list cursors", () => {
  const id = "0b5d1a4e-1234-4a6b-8c9d-0123456789ab";

  it("round-trip what the database writes", () => {
    for (const ts of ["2026-11-24 00:15:01.123456+00", "2026-01-31 23:59:59+05:30", "2026-06-01 12:00:00-07"]) {
      expect(decodeListCursor(encodeListCursor({ ts, id }))).toEqual({ ts, id });
    }
  });

  it("refuse anything else: garbage, crafted fields, impossible dates", () => {
    const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const cursor of [
      "garbage!",
      raw({ ts: "garbage", id: "-".repeat(36) }),
      raw({ ts: "2026-02-30 00:00:00+00", id }),
      raw({ ts: "2026-11-24 24:00:00+00", id }),
      raw({ ts: "-200000-01-01 00:00:00+00", id }),
      raw({ ts: "2026-11-24 00:00:00+00", id: "x" }),
      raw(["2026-11-24 00:00:00+00", id]),
      raw(null),
    ]) {
      expect(listCursorSchema.safeParse(cursor).success, cursor).toBe(false);
    }
  });
});

describe("query dates", () => {
  it("take ISO dates within the years 2000 to 9999 only", () => {
    expect(queryDateSchema.parse("2026-01-31")).toEqual(new Date("2026-01-31T00:00:00Z"));
    expect(queryDateSchema.parse("2026-01-31T10:00:00Z")).toEqual(new Date("2026-01-31T10:00:00Z"));
    for (const bad of ["-200000-01-01T00:00:00Z", "+275760-09-13", "1899-01-01", "2026-13-01", "yesterday", "\u0000"]) {
      expect(queryDateSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("refuse days the calendar does not have instead of rolling them over", () => {
    for (const bad of ["2026-02-31", "2026-02-29", "2026-04-31", "2026-00-10", "2026-01-00"]) {
      expect(queryDateSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(queryDateSchema.parse("2028-02-29")).toEqual(new Date("2028-02-29T00:00:00Z"));
  });
});
