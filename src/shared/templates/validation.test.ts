import {
  ceaseDesist,
  errorFor,
  f,
  fieldOf,
  lease,
  llc,
  marriedWithChildren,
  singleWithoutChildren,
  synthetic,
  trust,
  will,
} from "@tests/factories/template-fixtures";
import { describe, expect, it } from "vitest";
import { PERSON_NAME_MESSAGE } from "./templates/common";
import type { Answers } from "./types";
import { isFieldVisible, normalizeAnswers, reviewItems, validateAll, validateField, visibleFields } from "./validation";
import { formatAnswer } from "./values";

describe("dates", () => {
  it.each([
    ["2027-02-30", "Invalid format for Lease Start Date"],
    ["March 5", "Invalid format for Lease Start Date"],
    ["2027-02-28", null],
  ])("are checked as dates in the form: %j gives %j", (value, error) => {
    expect(errorFor(lease, "leaseStart", value)).toBe(error);
  });

  it("keep a lease end after its start", () => {
    const start = { leaseStart: "2027-04-01" };
    expect(errorFor(lease, "leaseEnd", "2027-03-31", start)).toBe("Lease End Date must be after Lease Start Date");
    expect(errorFor(lease, "leaseEnd", "2027-04-01", start)).toBe("Lease End Date must be after Lease Start Date");
    expect(errorFor(lease, "leaseEnd", "2027-04-02", start)).toBeNull();
    expect(errorFor(lease, "leaseEnd", "2027-03-31", { leaseStart: "" })).toBeNull();
  });
});

describe("required fields", () => {
  it("report '{label} is required' for empty text, select, number and multi-select answers", () => {
    expect(errorFor(will, "fullName", "")).toBe("Your Full Legal Name is required");
    expect(errorFor(will, "fullName", "   ")).toBe("Your Full Legal Name is required");
    expect(errorFor(will, "fullName", undefined)).toBe("Your Full Legal Name is required");
    expect(errorFor(will, "state", "")).toBe("State of Residence is required");
    expect(errorFor(will, "children", undefined)).toBe("Children is required");
    expect(errorFor(llc, "memberCount", "")).toBe("Number of Members is required");
    expect(errorFor(lease, "rentAmount", " ")).toBe("Monthly Rent is required");
    expect(errorFor(ceaseDesist, "consequences", [])).toBe("Possible Next Steps is required");
    expect(errorFor(ceaseDesist, "consequences", ["", " "])).toBe("Possible Next Steps is required");
  });

  it("require a required yes/no box to be ticked", () => {
    const consent = f({ id: "consent", label: "I agree", type: "checkbox", required: true });
    const template = synthetic([consent]);
    expect(validateField(consent, false, {}, template.fields)).toBe("I agree is required");
    expect(validateField(consent, undefined, {}, template.fields)).toBe("I agree is required");
    expect(validateField(consent, true, {}, template.fields)).toBeNull();
    expect(validateField(consent, "maybe", {}, template.fields)).toBe("Invalid format for I agree");
  });

  it("accept an empty optional field", () => {
    expect(errorFor(will, "specificBequests", "")).toBeNull();
    expect(errorFor(lease, "utilities", [])).toBeNull();
    expect(errorFor(lease, "parkingSpaces", undefined)).toBeNull();
    expect(errorFor(ceaseDesist, "senderEmail", "  ")).toBeNull();
    expect(errorFor(trust, "includeNoContest", false)).toBeNull();
  });
});

describe("patterns", () => {
  it("use the field's own message when it has one", () => {
    expect(errorFor(will, "fullName", "R2-D2")).toBe(PERSON_NAME_MESSAGE);
    expect(errorFor(will, "fullName", "José O'Neil-Smith Jr.")).toBeNull();
    expect(errorFor(llc, "companyName", "Bright Path")).toBe(
      "Company Name must end with LLC, L.L.C. or Limited Liability Company",
    );
    expect(errorFor(llc, "companyName", "Bright Path, LLC")).toBeNull();
    expect(errorFor(llc, "companyName", "Bright Path Limited Liability Company")).toBeNull();
  });

  it("fall back to 'Invalid format for {label}' without a message", () => {
    expect(fieldOf(ceaseDesist, "senderEmail").validation?.message).toBeUndefined();
    expect(errorFor(ceaseDesist, "senderEmail", "jane at example")).toBe("Invalid format for Your Email Address");
    expect(errorFor(ceaseDesist, "senderEmail", " jane@example.com ")).toBeNull();
  });
});

describe("minimum and maximum", () => {
  it.each([
    ["0", "Number of Members must be at least 1"],
    ["-4", "Number of Members must be at least 1"],
    ["51", "Number of Members must be no more than 50"],
    ["1", null],
    ["50", null],
    [" 25 ", null],
  ])("bound the number of LLC members to 1..50 with the spec's texts: %j gives %j", (value, error) => {
    expect(errorFor(llc, "memberCount", value)).toBe(error);
  });

  it("reject number text that is not a whole number", () => {
    expect(errorFor(llc, "memberCount", "2.5")).toBe("Invalid format for Number of Members");
    expect(errorFor(llc, "memberCount", "two")).toBe("Invalid format for Number of Members");
    expect(errorFor(ceaseDesist, "deadlineDays", "61")).toBe("Days to Comply must be no more than 60");
    expect(errorFor(ceaseDesist, "deadlineDays", "0")).toBe("Days to Comply must be at least 1");
  });

  it("compare currency in dollars", () => {
    expect(errorFor(lease, "rentAmount", "0")).toBe("Monthly Rent must be at least 1");
    expect(errorFor(lease, "rentAmount", "$0.99")).toBe("Monthly Rent must be at least 1");
    expect(errorFor(lease, "rentAmount", "1.00")).toBeNull();
    expect(errorFor(lease, "securityDeposit", "0")).toBeNull();
    expect(errorFor(lease, "rentAmount", "12.345")).toBe("Invalid format for Monthly Rent");
    expect(errorFor(lease, "rentAmount", "-100")).toBe("Invalid format for Monthly Rent");

    const fee = f({
      id: "fee",
      label: "Filing Fee",
      type: "currency",
      required: true,
      validation: { min: 10, max: 500 },
    });
    const fields = [fee];
    expect(validateField(fee, "500.01", {}, fields)).toBe("Filing Fee must be no more than 500");
    expect(validateField(fee, "$500", {}, fields)).toBeNull();
    expect(validateField(fee, "9.99", {}, fields)).toBe("Filing Fee must be at least 10");
  });

  it("do not limit text length", () => {
    const note = f({ id: "note", label: "Note", type: "text", required: true, validation: { min: 5, max: 6 } });
    expect(validateField(note, "a much longer note than six characters", {}, [note])).toBeNull();
  });
});

describe("choices", () => {
  it("must be one of the options", () => {
    expect(errorFor(will, "state", "Ohio")).toBe("Invalid format for State of Residence");
    expect(errorFor(will, "state", " Texas ")).toBeNull();
    expect(errorFor(lease, "utilities", ["Water", "Cable"])).toBe("Invalid format for Utilities Paid by Landlord");
    expect(errorFor(lease, "utilities", ["Gas", "Water"])).toBeNull();
    expect(errorFor(will, "fullName", ["Maria"])).toBe("Invalid format for Your Full Legal Name");
  });
});

describe("conditions", () => {
  const spouse = fieldOf(will, "spouseName");
  const guardian = fieldOf(will, "guardian");

  it("show a field only while the controlling field holds the value", () => {
    expect(isFieldVisible(spouse, { maritalStatus: "Married" }, will.fields)).toBe(true);
    expect(isFieldVisible(spouse, { maritalStatus: "Single" }, will.fields)).toBe(false);
    expect(isFieldVisible(spouse, {}, will.fields)).toBe(false);
    expect(isFieldVisible(guardian, { children: "Yes" }, will.fields)).toBe(true);
    expect(isFieldVisible(guardian, { children: "No" }, will.fields)).toBe(false);
    expect(visibleFields(will, singleWithoutChildren).map((field) => field.id)).not.toContain("childrenNames");
  });

  it("skip validation of hidden fields", () => {
    expect(validateField(spouse, "", singleWithoutChildren, will.fields)).toBeNull();
    expect(validateField(spouse, "", { maritalStatus: "Married" }, will.fields)).toBe("Spouse's Full Name is required");
    expect(validateAll(will, singleWithoutChildren)).toEqual({});
    const { spouseName: _spouse, childrenNames: _children, ...married } = marriedWithChildren;
    expect(validateAll(will, married)).toEqual({
      spouseName: "Spouse's Full Name is required",
      childrenNames: "Children's Full Names is required",
    });
  });

  it("hide a field whose controlling field is itself hidden", () => {
    const age = fieldOf(trust, "distributionAge");
    const keep = { minorBeneficiaries: "Yes", minorShareMethod: "Keep in trust until a set age" };
    expect(isFieldVisible(age, keep, trust.fields)).toBe(true);
    expect(isFieldVisible(age, { ...keep, minorBeneficiaries: "No" }, trust.fields)).toBe(false);
    expect(validateField(age, "", { ...keep, minorBeneficiaries: "No" }, trust.fields)).toBeNull();
    expect(validateField(age, "", keep, trust.fields)).toBe("Age for Distribution is required");
    expect(validateField(age, "17", keep, trust.fields)).toBe("Age for Distribution must be at least 18");
  });

  it("follow multi-select and yes/no controlling fields, and hide on unknown or looping conditions", () => {
    const extras = f({ id: "extras", label: "Extras", type: "checkbox", required: false, options: ["Pool", "Garden"] });
    /** A required text field shown only while `dependsOn` holds `value`. */
    const shownWhen = (id: string, label: string, dependsOn: string, value: string) =>
      f({ id, label, type: "text", required: true, conditional: { dependsOn, value } });
    const pool = shownWhen("pool", "Pool Rules", "extras", "Pool");
    const box = f({ id: "box", label: "Has Box", type: "checkbox", required: false });
    const boxNote = shownWhen("boxNote", "Box Note", "box", "Yes");
    const orphan = shownWhen("orphan", "Orphan", "missing", "x");
    const loopA = shownWhen("loopA", "A", "loopB", "x");
    const loopB = shownWhen("loopB", "B", "loopA", "x");
    const fields = [extras, pool, box, boxNote, orphan, loopA, loopB];
    expect(isFieldVisible(pool, { extras: ["Garden", "Pool"] }, fields)).toBe(true);
    expect(isFieldVisible(pool, { extras: ["Garden"] }, fields)).toBe(false);
    expect(isFieldVisible(boxNote, { box: true }, fields)).toBe(true);
    expect(isFieldVisible(boxNote, { box: false }, fields)).toBe(false);
    expect(isFieldVisible(orphan, { missing: "x" }, fields)).toBe(false);
    expect(isFieldVisible(loopA, { loopA: "x", loopB: "x" }, fields)).toBe(false);
  });
});

describe("cleaned answers", () => {
  it("drop hidden fields, trim text and convert numbers, amounts, lists and boxes", () => {
    const answers: Answers = {
      landlordName: "  Oak Rentals LLC ",
      tenantName: "Jane Doe",
      propertyAddress: "5 Pine St",
      state: "Texas",
      stateOther: "Ohio",
      rentAmount: "$1,850.5",
      securityDeposit: "0",
      leaseStart: "2027-04-01",
      leaseEnd: "2028-03-31",
      petPolicy: "No pets allowed",
      petDeposit: "300",
      utilities: ["Trash", "Water", "Gas"],
      parkingSpaces: " 2 ",
      specialTerms: "",
    };
    expect(normalizeAnswers(lease, answers)).toEqual({
      landlordName: "Oak Rentals LLC",
      tenantName: "Jane Doe",
      propertyAddress: "5 Pine St",
      state: "Texas",
      rentAmount: 185_050,
      securityDeposit: 0,
      leaseStart: "2027-04-01",
      leaseEnd: "2028-03-31",
      petPolicy: "No pets allowed",
      utilities: ["Water", "Gas", "Trash"],
      parkingSpaces: 2,
    });
    expect(normalizeAnswers(trust, { includeNoContest: undefined }).includeNoContest).toBe(false);
    expect(normalizeAnswers(trust, { includeNoContest: true }).includeNoContest).toBe(true);
  });
});

describe("review list", () => {
  it("formats visible answers and leaves out hidden and empty ones", () => {
    const items = reviewItems(lease, {
      landlordName: "Oak Rentals LLC",
      state: "Other",
      stateOther: "Ohio",
      rentAmount: "1850",
      leaseStart: "2027-03-05",
      petPolicy: "Pets allowed",
      petDeposit: "300",
      utilities: ["Trash", "Water"],
      parkingSpaces: "0",
      specialTerms: "  ",
    });
    expect(items).toEqual([
      { id: "landlordName", label: "Landlord's Full Name", value: "Oak Rentals LLC" },
      { id: "state", label: "State Where the Property Is Located", value: "Other" },
      { id: "stateOther", label: "State Name", value: "Ohio" },
      { id: "rentAmount", label: "Monthly Rent", value: "$1,850.00" },
      { id: "leaseStart", label: "Lease Start Date", value: "March 5, 2027" },
      { id: "petPolicy", label: "Pet Policy", value: "Pets allowed" },
      { id: "utilities", label: "Utilities Paid by Landlord", value: "Water, Trash" },
      { id: "parkingSpaces", label: "Parking Spaces", value: "0" },
    ]);
  });

  it("shows yes/no boxes as Yes or No", () => {
    const noContest = reviewItems(trust, { includeNoContest: true }).find((item) => item.id === "includeNoContest");
    expect(noContest?.value).toBe("Yes");
    expect(reviewItems(trust, {}).find((item) => item.id === "includeNoContest")?.value).toBe("No");
    expect(formatAnswer(fieldOf(trust, "includeNoContest"), false)).toBe("No");
  });

  it("omits the spouse, children and guardian of a single testator without children", () => {
    const ids = reviewItems(will, { ...singleWithoutChildren, spouseName: "Ghost", guardian: "Ghost" }).map(
      (item) => item.id,
    );
    expect(ids).not.toContain("spouseName");
    expect(ids).not.toContain("childrenNames");
    expect(ids).not.toContain("guardian");
    expect(ids).toContain("executor");
  });
});
