import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCurrency, formatIsoDate, isValidIsoDate, parseCurrency, parseNumber } from "./values";

describe("number parsing: whole numbers only", () => {
  it.each([
    // Integers, with surrounding spaces and a sign.
    ["12", 12],
    [" 12 ", 12],
    ["-3", -3],
    ["+7", 7],
    ["0", 0],
    ["007", 7],
    [42, 42],
    // Decimals, exponents, separators, text and empty input are refused.
    ["12.5", null],
    ["12.0", null],
    ["1e3", null],
    ["0x1F", null],
    ["1,000", null],
    ["12 apples", null],
    ["abc", null],
    ["", null],
    ["  ", null],
    ["-", null],
    ["99999999999999999999", null],
    [12.5, null],
    [undefined, null],
    [["1"], null],
  ])("reads %j as %j", (raw, value) => {
    expect(parseNumber(raw)).toBe(value);
  });

  it("reads back every safe integer it is given as text", () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => parseNumber(` ${n} `) === n));
  });
});

describe("currency parsing: non-negative amounts in whole cents", () => {
  it.each([
    // Plain amounts, thousands separators, a $ sign and one or two decimals.
    ["1200", 120_000],
    ["1,200", 120_000],
    ["$1,200.50", 120_050],
    ["1200.5", 120_050],
    ["$ 1200", 120_000],
    [" 0.99 ", 99],
    [".75", 75],
    ["0", 0],
    ["1,234,567.89", 123_456_789],
    [1200.5, 120_050],
    // Three decimals, negatives, text and misplaced separators are refused.
    ["1.234", null],
    ["12.345", null],
    ["-5", null],
    ["$-5", null],
    ["-$5", null],
    ["abc", null],
    ["", null],
    ["$", null],
    [".", null],
    ["1200.", null],
    ["1,20", null],
    ["12,00.00", null],
    ["1,2000", null],
    ["5 dollars", null],
    ["1e3", null],
    [-1, null],
    [1.005, null],
    [undefined, null],
  ])("reads %j as %j cents", (raw, cents) => {
    expect(parseCurrency(raw)).toBe(cents);
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
