import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCurrency, formatIsoDate, isValidIsoDate, parseCurrency, parseNumber } from "./values";

describe("number parsing: whole numbers only", () => {
  it("accepts integers with surrounding spaces and a sign", () => {
    expect(parseNumber("12")).toBe(12);
    expect(parseNumber(" 12 ")).toBe(12);
    expect(parseNumber("-3")).toBe(-3);
    expect(parseNumber("+7")).toBe(7);
    expect(parseNumber("0")).toBe(0);
    expect(parseNumber("007")).toBe(7);
    expect(parseNumber(42)).toBe(42);
  });

  it("rejects decimals, exponents, separators, text and empty input", () => {
    for (const raw of [
      "12.5",
      "12.0",
      "1e3",
      "0x1F",
      "1,000",
      "12 apples",
      "abc",
      "",
      "  ",
      "-",
      "99999999999999999999",
    ]) {
      expect(parseNumber(raw), raw).toBeNull();
    }
    expect(parseNumber(12.5)).toBeNull();
    expect(parseNumber(undefined)).toBeNull();
    expect(parseNumber(["1"])).toBeNull();
  });

  it("reads back every safe integer it is given as text", () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => parseNumber(` ${n} `) === n));
  });
});

describe("currency parsing: non-negative amounts in whole cents", () => {
  it("accepts plain amounts, thousands separators, a $ sign and one or two decimals", () => {
    expect(parseCurrency("1200")).toBe(120_000);
    expect(parseCurrency("1,200")).toBe(120_000);
    expect(parseCurrency("$1,200.50")).toBe(120_050);
    expect(parseCurrency("1200.5")).toBe(120_050);
    expect(parseCurrency("$ 1200")).toBe(120_000);
    expect(parseCurrency(" 0.99 ")).toBe(99);
    expect(parseCurrency(".75")).toBe(75);
    expect(parseCurrency("0")).toBe(0);
    expect(parseCurrency("1,234,567.89")).toBe(123_456_789);
    expect(parseCurrency(1200.5)).toBe(120_050);
  });

  it("rejects three decimals, negatives, text and misplaced separators", () => {
    for (const raw of [
      "1.234",
      "12.345",
      "-5",
      "$-5",
      "-$5",
      "abc",
      "",
      "$",
      ".",
      "1200.",
      "1,20",
      "12,00.00",
      "1,2000",
      "5 dollars",
      "1e3",
    ]) {
      expect(parseCurrency(raw), raw).toBeNull();
    }
    expect(parseCurrency(-1)).toBeNull();
    expect(parseCurrency(1.005)).toBeNull();
    expect(parseCurrency(undefined)).toBeNull();
  });

  it("formats cents as US dollars with separators", () => {
    expect(formatCurrency(120_050)).toBe("$1,200.50");
    expect(formatCurrency(0)).toBe("$0.00");
    expect(formatCurrency(5)).toBe("$0.05");
    expect(formatCurrency(99_999)).toBe("$999.99");
    expect(formatCurrency(123_456_789)).toBe("$1,234,567.89");
    expect(formatCurrency(-2_500)).toBe("-$25.00");
  });

  it("parses back whatever it formats", () => {
    fc.assert(
      // Up to the largest amount accepted: 13 digits of dollars.
      fc.property(fc.integer({ min: 0, max: 10 ** 15 - 1 }), (cents) => parseCurrency(formatCurrency(cents)) === cents),
    );
  });

  it("refuses amounts of 14 or more digits of dollars", () => {
    expect(parseCurrency(formatCurrency(10 ** 15))).toBeNull();
    expect(parseCurrency("10000000000000")).toBeNull();
  });
});

describe("dates", () => {
  it("accept only real calendar dates written yyyy-mm-dd", () => {
    expect(isValidIsoDate("2027-03-05")).toBe(true);
    expect(isValidIsoDate("2024-02-29")).toBe(true);
    expect(isValidIsoDate("2000-02-29")).toBe(true);
    for (const text of [
      "2023-02-29",
      "1900-02-29",
      "2027-04-31",
      "2027-13-01",
      "2027-00-10",
      "2027-01-00",
      "2027-3-5",
      "03/05/2027",
      "0999-01-01",
      "",
    ]) {
      expect(isValidIsoDate(text), text).toBe(false);
    }
  });

  it("are shown with the month's name", () => {
    expect(formatIsoDate("2027-03-05")).toBe("March 5, 2027");
    expect(formatIsoDate("2026-12-31")).toBe("December 31, 2026");
    expect(formatIsoDate("not a date")).toBe("not a date");
  });
});
