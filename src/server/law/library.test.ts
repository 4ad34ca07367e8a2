import { LAW_TOPICS } from "@shared/law";
import { STATE_CODES } from "@shared/us-states";
import { describe, expect, it } from "vitest";
import { LIBRARY_FACTS, LIBRARY_VERSION, releasedFact } from "./library";

const fact = (state: Parameters<typeof releasedFact>[0], topic: Parameters<typeof releasedFact>[1]) => {
  const found = releasedFact(state, topic);
  if (!found) throw new Error(`no ${topic} fact for ${state}`);
  return found;
};

describe("the law library as released", () => {
  it("has the seven facts for each of the 50 states and DC, once each", () => {
    expect(STATE_CODES).toHaveLength(51);
    expect(LIBRARY_FACTS).toHaveLength(51 * LAW_TOPICS.length);
    for (const state of STATE_CODES) {
      for (const { id } of LAW_TOPICS) expect(releasedFact(state, id), `${state} ${id}`).toBeDefined();
    }
    expect(new Set(LIBRARY_FACTS.map((f) => `${f.state}:${f.topic}`)).size).toBe(LIBRARY_FACTS.length);
  });

  it("gives every fact its rule and citation, and a checked date only with the page read (else: not verified)", () => {
    for (const f of LIBRARY_FACTS) {
      const name = `${f.state} ${f.topic}`;
      expect(f.rule.length, name).toBeGreaterThan(20);
      expect(f.citation.length, name).toBeGreaterThan(3);
      if (f.checked !== null) {
        expect(f.sourceUrl, `${name}: a checked fact names the page read`).toMatch(/^https?:\/\//);
        expect(f.checkedBy, name).toBeTruthy();
        expect(f.checked <= LIBRARY_VERSION, name).toBe(true);
      } else {
        expect(f.checkedBy, `${name}: not verified, so nobody checked it`).toBeNull();
      }
    }
    // Not one date stamped on everything: the facts not read against a source say so.
    const verified = LIBRARY_FACTS.filter((f) => f.checked !== null).length;
    expect(verified).toBeGreaterThan(0);
    expect(verified).toBeLessThan(LIBRARY_FACTS.length);
  });

  it("says how each deadline counts and from what: calendar, business or court days, hours, months or years", () => {
    for (const f of LIBRARY_FACTS) {
      for (const d of f.deadlines) {
        expect(d.amount === null, `${f.state} ${f.topic} ${d.event}: a figure has its unit`).toBe(d.unit === null);
      }
    }
    const units = new Set(LIBRARY_FACTS.flatMap((f) => f.deadlines.map((d) => d.unit)).filter(Boolean));
    for (const unit of ["calendar-days", "business-days", "court-days", "years"]) expect(units).toContain(unit);
    // Each topic's deadlines run from its own event.
    for (const f of LIBRARY_FACTS.filter((x) => x.topic === "security-deposit")) {
      for (const d of f.deadlines) expect(d.event).toBe("moved-out");
    }
    for (const f of LIBRARY_FACTS.filter((x) => x.topic === "written-contract-limit")) {
      expect(f.deadlines).toEqual([expect.objectContaining({ event: "contract-breach", unit: "years" })]);
    }
  });

  describe("the rows a legal review found wrong, corrected", () => {
    it("Arizona small claims: $5,000 (A.R.S. § 22-503)", () => {
      expect(fact("AZ", "small-claims").details.amount).toBe(5000);
      expect(fact("AZ", "small-claims").citation).toMatch(/22-503/);
    });

    it("Kansas small claims: $10,000 (K.S.A. 61-2703)", () => {
      expect(fact("KS", "small-claims").details.amount).toBe(10000);
      expect(fact("KS", "small-claims").citation).toMatch(/61-2703/);
    });

    it("Maine small claims: $10,000 since January 1, 2026 (14 M.R.S. § 7482)", () => {
      expect(fact("ME", "small-claims").details.amount).toBe(10000);
      expect(fact("ME", "small-claims").citation).toMatch(/7482/);
    });

    it("Vermont small claims: $10,000, consumer-credit debt collection still capped at $5,000 (12 V.S.A. § 5531)", () => {
      const vt = fact("VT", "small-claims");
      expect(vt.details.amount).toBe(10000);
      expect(vt.citation).toMatch(/5531/);
      expect(String(vt.details.exceptions)).toMatch(/5,000/);
    });

    it("Wyoming deposit: the 30 more days when there is damage (Wyo. Stat. § 1-21-1208)", () => {
      const wy = fact("WY", "security-deposit");
      expect(wy.citation).toMatch(/1-21-1208/);
      expect(`${wy.rule} ${wy.details.conditions}`).toMatch(/30 (more |additional )?days|extended/i);
    });

    it("Louisiana deposit penalty: the amount kept plus the greater of $300 or twice it, in La. R.S. 9:3252", () => {
      const la = fact("LA", "security-deposit");
      expect(String(la.details.penalty)).toMatch(/\$300/);
      expect(String(la.details.penalty)).toMatch(/twice/);
      expect(`${la.citation} ${la.details.penalty}`).toMatch(/9:3252/);
    });

    it("Arizona deposit: 14 business days, counted as such", () => {
      expect(fact("AZ", "security-deposit").deadlines).toEqual([
        expect.objectContaining({ event: "moved-out", amount: 14, unit: "business-days" }),
      ]);
    });

    it("Alabama deposit: the 60 days in § 35-9A-201(b)–(c), the penalty in (f)", () => {
      const al = fact("AL", "security-deposit");
      expect(al.deadlines[0]).toMatchObject({ amount: 60, unit: "calendar-days" });
      expect(al.citation).toMatch(/35-9A-201\(b\)/);
      expect(`${al.citation} ${al.details.penalty}`).toMatch(/\(f\)/);
    });

    it("Alabama, Florida and Georgia final pay: no state deadline, and no claim of a federal one", () => {
      for (const state of ["AL", "FL", "GA"] as const) {
        const pay = fact(state, "final-paycheck");
        expect(pay.details.noStateLaw, state).toBe(true);
        expect(pay.rule, state).not.toMatch(/federal practice/i);
        expect(
          pay.deadlines.every((d) => d.amount === null),
          state,
        ).toBe(true);
      }
    });

    it("Montana final pay cites the statute, Mont. Code Ann. § 39-3-205", () => {
      expect(fact("MT", "final-paycheck").citation).toMatch(/39-3-205/);
    });

    it("Tennessee deposit: no return deadline is made up (the 10-business-day inspection list is said)", () => {
      const tn = fact("TN", "security-deposit");
      expect(tn.deadlines).toEqual([]);
      expect(tn.rule).toMatch(/no fixed deadline/i);
    });

    it("New Mexico's $250 penalty is for bad faith", () => {
      expect(`${fact("NM", "security-deposit").details.penalty}`).toMatch(/bad[- ]faith/i);
    });
  });
});
