import { describe, expect, it } from "vitest";
import { countDeadline, holidayOn, isBusinessDay, legalHolidays, longDay } from "./deadlines";

describe("counting a rule's time", () => {
  it("counts business days past a weekend and Thanksgiving, and the day after where the state keeps it", () => {
    // Tuesday November 24, 2026 + 5 business days. Arizona keeps Thanksgiving (Thu 26) only.
    const az = countDeadline("2026-11-24", 5, "business-days", "AZ");
    expect(az.day).toBe("2026-12-02");
    expect(az.skipped.map((s) => s.day)).toEqual(["2026-11-26", "2026-11-28", "2026-11-29"]);
    expect(az.skipped[0]?.why).toMatch(/Thanksgiving/);
    // Texas also keeps the day after Thanksgiving: one day later.
    const tx = countDeadline("2026-11-24", 5, "business-days", "TX");
    expect(tx.day).toBe("2026-12-03");
    expect(tx.skipped.map((s) => s.day)).toContain("2026-11-27");
  });

  it("counts court days past a state's own holiday (César Chávez Day in California), which Nevada does not keep", () => {
    const ca = countDeadline("2026-03-27", 10, "court-days", "CA");
    expect(ca.day).toBe("2026-04-13");
    expect(ca.skipped.map((s) => s.day)).toContain("2026-03-31");
    expect(holidayOn("CA", "2026-03-31")).toMatch(/Ch[aá]vez/);
    const nv = countDeadline("2026-03-27", 10, "court-days", "NV");
    expect(nv.day).toBe("2026-04-10");
    expect(holidayOn("NV", "2026-03-31")).toBeUndefined();
  });

  it("counts calendar days from the day after the event, and names the next business day when the last falls on a weekend", () => {
    // Texas deposit: 30 days after March 3, 2026 is Thursday April 2.
    expect(countDeadline("2026-03-03", 30, "calendar-days", "TX")).toMatchObject({
      day: "2026-04-02",
      nextBusinessDay: null,
      closedBecause: null,
    });
    // 30 days after March 1 is Tuesday March 31: in California a court holiday, so Wednesday April 1 is next.
    expect(countDeadline("2026-03-01", 30, "calendar-days", "CA")).toMatchObject({
      day: "2026-03-31",
      nextBusinessDay: "2026-04-01",
    });
    // 14 days after Saturday December 12, 2026 is Saturday December 26.
    expect(countDeadline("2026-12-12", 14, "calendar-days", "OH")).toMatchObject({
      day: "2026-12-26",
      closedBecause: "Saturday",
      nextBusinessDay: "2026-12-28",
    });
    expect(countDeadline("2026-05-05", 0, "calendar-days", "CA").day).toBe("2026-05-05");
  });

  it("counts hours as whole days from an event known by its day, months to the month's last day, and years by the calendar", () => {
    expect(countDeadline("2026-06-01", 72, "hours", "CA").day).toBe("2026-06-04");
    expect(countDeadline("2026-06-01", 48, "hours", "ID").day).toBe("2026-06-03");
    expect(countDeadline("2026-01-31", 1, "months", "LA").day).toBe("2026-02-28");
    expect(countDeadline("2026-03-15", 1, "months", "LA").day).toBe("2026-04-15");
    expect(countDeadline("2026-02-28", 4, "years", "TX").day).toBe("2030-02-28");
    expect(countDeadline("2028-02-29", 1, "years", "TX").day).toBe("2029-02-28");
    expect(countDeadline("2028-02-29", 4, "years", "TX").day).toBe("2032-02-29");
  });

  it("takes holidays from the holiday library for any year, and refuses a day the calendar does not have", () => {
    expect([...legalHolidays("MA", 2027).values()]).toContain("Patriots' Day");
    expect(isBusinessDay("DC", "2027-04-16")).toBe(false); // Emancipation Day, a Friday in 2027
    expect(isBusinessDay("MD", "2027-04-16")).toBe(true);
    expect(() => countDeadline("2026-02-30", 3, "calendar-days", "TX")).toThrow();
    expect(longDay("2026-12-03")).toBe("Thursday, December 3, 2026");
  });
});
