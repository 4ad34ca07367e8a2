import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DOCUMENT_CATALOGUE, getCatalogueItem, templateIdForCatalogueItem } from "./catalogue";
import {
  DOCUMENT_REMINDER,
  documentFileName,
  documentFooter,
  formatAnswer,
  formatCurrency,
  formatIsoDate,
  isFieldVisible,
  isValidIsoDate,
  normalizeAnswers,
  parseCurrency,
  parseNumber,
  renderDocument,
  reviewItems,
  TemplateSyntaxError,
  templateProblems,
  unresolvedPlaceholders,
  validateAll,
  validateField,
  visibleFields,
} from "./engine";
import { DOCUMENT_STATES, getTemplate, STATE_BUTTON_COUNT, stateAnswers, TEMPLATES } from "./index";
import { PERSON_NAME_MESSAGE } from "./templates/common";
import type { Answers, DocumentTemplate, TemplateField } from "./types";

function mustGet(id: string): DocumentTemplate {
  const template = getTemplate(id);
  if (!template) throw new Error(`no template ${id}`);
  return template;
}

function fieldOf(template: DocumentTemplate, id: string): TemplateField {
  const found = template.fields.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no field ${id} in ${template.id}`);
  return found;
}

/** The error for one answer of a real template, given the other answers. */
function errorFor(template: DocumentTemplate, id: string, value: Answers[string], others: Answers = {}): string | null {
  const answers = { ...others, [id]: value };
  return validateField(fieldOf(template, id), value, answers, template.fields);
}

const will = mustGet("will");
const lease = mustGet("lease");
const llc = mustGet("llc");
const trust = mustGet("living-trust");
const ceaseDesist = mustGet("cease-desist");

const meta = { documentId: "doc_7Hq2", generatedAt: new Date("2027-03-05T15:30:00Z") };

const marriedWithChildren: Answers = {
  fullName: "Maria Elena López",
  state: "California",
  address: "12 Oak Street, Sacramento, CA 95814",
  maritalStatus: "Married",
  spouseName: "James O'Brien-López",
  children: "Yes",
  childrenNames: "Sara López\nLuis López",
  guardian: "Carla Díaz",
  executor: "David Chen",
  executorAddress: "4 Elm Road, Davis, CA 95616",
  assets: "Home at 12 Oak Street; savings at First Bank",
  residualBeneficiary: "James O'Brien-López",
};

const singleWithoutChildren: Answers = {
  ...marriedWithChildren,
  maritalStatus: "Single",
  children: "No",
};

/** A small template for engine rules the real templates do not exercise. */
function synthetic(fields: TemplateField[], content = ""): DocumentTemplate {
  return {
    id: "test",
    name: "Test Document",
    description: "",
    category: "Test",
    icon: "FileText",
    estimatedTime: "1 minute",
    complexity: "Simple",
    price: 0,
    stateSpecific: false,
    popularityRank: 99,
    legalNotices: [],
    fields,
    content,
  };
}

function f(definition: Omit<TemplateField, "name">): TemplateField {
  return { ...definition, name: definition.id };
}

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

  it("are checked as dates in the form", () => {
    expect(errorFor(lease, "leaseStart", "2027-02-30")).toBe("Invalid format for Lease Start Date");
    expect(errorFor(lease, "leaseStart", "March 5")).toBe("Invalid format for Lease Start Date");
    expect(errorFor(lease, "leaseStart", "2027-02-28")).toBeNull();
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
  it("bound the number of LLC members to 1..50 with the spec's texts", () => {
    expect(errorFor(llc, "memberCount", "0")).toBe("Number of Members must be at least 1");
    expect(errorFor(llc, "memberCount", "-4")).toBe("Number of Members must be at least 1");
    expect(errorFor(llc, "memberCount", "51")).toBe("Number of Members must be no more than 50");
    expect(errorFor(llc, "memberCount", "1")).toBeNull();
    expect(errorFor(llc, "memberCount", "50")).toBeNull();
    expect(errorFor(llc, "memberCount", " 25 ")).toBeNull();
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
    const pool = f({
      id: "pool",
      label: "Pool Rules",
      type: "text",
      required: true,
      conditional: { dependsOn: "extras", value: "Pool" },
    });
    const box = f({ id: "box", label: "Has Box", type: "checkbox", required: false });
    const boxNote = f({
      id: "boxNote",
      label: "Box Note",
      type: "text",
      required: true,
      conditional: { dependsOn: "box", value: "Yes" },
    });
    const orphan = f({
      id: "orphan",
      label: "Orphan",
      type: "text",
      required: true,
      conditional: { dependsOn: "missing", value: "x" },
    });
    const loopA = f({
      id: "loopA",
      label: "A",
      type: "text",
      required: true,
      conditional: { dependsOn: "loopB", value: "x" },
    });
    const loopB = f({
      id: "loopB",
      label: "B",
      type: "text",
      required: true,
      conditional: { dependsOn: "loopA", value: "x" },
    });
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

describe("rendering the will", () => {
  it("includes spouse, children and guardian for a married testator with children", () => {
    const text = renderDocument(will, marriedWithChildren, meta);
    expect(text).toContain("I am married to James O'Brien-López");
    expect(text).toContain("Sara López\nLuis López");
    expect(text).toContain("I nominate Carla Díaz as guardian");
    expect(text).toContain("Community property.");
    expect(text).toContain("under penalty of perjury under the laws of the State of California");
    expect(text).not.toContain("SELF-PROVING AFFIDAVIT");
    expect(unresolvedPlaceholders(text)).toEqual([]);
  });

  it("leaves them out for a single testator without children, even if stale answers remain", () => {
    const text = renderDocument(
      will,
      { ...singleWithoutChildren, spouseName: "Ghost Spouse", guardian: "Ghost Guardian" },
      meta,
    );
    expect(text).not.toContain("Ghost");
    expect(text).not.toContain("GUARDIAN");
    expect(text).not.toContain("Community property");
    expect(text).toContain("I am not married.");
    expect(text).toContain("I have no children.");
    expect(text).toContain("as if I had died without a will");
    expect(unresolvedPlaceholders(text)).toEqual([]);
  });

  it("adds state-specific signing wording", () => {
    const ny = renderDocument(will, { ...marriedWithChildren, state: "New York" }, meta);
    expect(ny).toContain("AFFIDAVIT OF ATTESTING WITNESSES");
    expect(ny).toContain("section 5-1.1-A");
    const fl = renderDocument(will, { ...marriedWithChildren, state: "Florida" }, meta);
    expect(fl).toContain("SELF-PROVING AFFIDAVIT");
    expect(fl).toContain("online notarization");
    const other = renderDocument(will, { ...marriedWithChildren, state: "Other", stateOther: "Ohio" }, meta);
    expect(other).toContain("in the State of Ohio");
    expect(other).not.toContain("State of Other");
  });

  it("numbers articles and clauses without gaps", () => {
    const text = renderDocument(will, singleWithoutChildren, meta);
    const articles = [...text.matchAll(/^ARTICLE (\d+)\./gm)].map((match) => Number(match[1]));
    expect(articles).toEqual(articles.map((_, index) => index + 1));
    const clauses = [...text.matchAll(/^3\.(\d+) /gm)].map((match) => Number(match[1]));
    expect(clauses).toEqual([1, 2]);
  });

  it("ends with the footer: generation date, document ID and the reminder", () => {
    const text = renderDocument(will, marriedWithChildren, meta);
    expect(text.endsWith(`${documentFooter(meta)}\n`)).toBe(true);
    expect(text).toContain("Generated by LawGuide on March 5, 2027 · Document ID: doc_7Hq2");
    expect(text).toContain(DOCUMENT_REMINDER);
  });
});

describe("content syntax", () => {
  const fields = [
    f({ id: "name", label: "Name", type: "text", required: true }),
    f({ id: "pet", label: "Pet", type: "select", required: true, options: ["Cat", "Dog", "None"] }),
    f({
      id: "petName",
      label: "Pet Name",
      type: "text",
      required: false,
      conditional: { dependsOn: "pet", value: "Dog" },
    }),
    f({ id: "extras", label: "Extras", type: "checkbox", required: false, options: ["Pool", "Garden"] }),
    f({ id: "flag", label: "Flag", type: "checkbox", required: false }),
    f({ id: "count", label: "Count", type: "number", required: false }),
    f({ id: "fee", label: "Fee", type: "currency", required: false }),
  ];

  function render(content: string, answers: Answers): string {
    const text = renderDocument(synthetic(fields, content), answers, meta);
    return text.slice(0, text.indexOf("\n\n----"));
  }

  it("resolves if, unless, else, equality and nesting", () => {
    const content = [
      "Hello {name}.",
      "{{#if pet = Dog}}",
      "You have a dog{{#if petName}} called {petName}{{/if}}.",
      "{{else}}",
      "{{#unless pet = None}}You have a {pet}.{{else}}No pets.{{/unless}}",
      "{{/if}}",
      "{{#if extras = Garden}}Garden included.{{/if}}{{#if flag}} Flagged.{{/if}}{{#unless flag}} Not flagged.{{/unless}}",
      "{{#if count = 0}}Zero.{{/if}}{{#if fee = 12.5}}Fee {fee}.{{/if}}",
    ].join("\n");
    expect(
      render(content, {
        name: "Ann",
        pet: "Dog",
        petName: "Rex",
        extras: ["Garden"],
        flag: true,
        count: "0",
        fee: "$12.50",
      }),
    ).toBe("Hello Ann.\nYou have a dog called Rex.\nGarden included. Flagged.\nZero.Fee $12.50.");
    expect(render(content, { name: "Ann", pet: "Cat", petName: "Rex", flag: false })).toBe(
      "Hello Ann.\nYou have a Cat.\n Not flagged.",
    );
    expect(render(content, { name: "Ann", pet: "None" })).toBe("Hello Ann.\nNo pets.\n Not flagged.");
  });

  it("removes lines holding only block tags and collapses the blank lines left behind", () => {
    const content = "Start.\n\n{{#if petName}}\nPet: {petName}\n\n{{/if}}\n\nEnd.";
    expect(render(content, { pet: "Cat" })).toBe("Start.\n\nEnd.");
    expect(render(content, { pet: "Dog", petName: "Rex" })).toBe("Start.\n\nPet: Rex\n\nEnd.");
  });

  it("keeps the user's own line breaks and never expands braces typed by the user", () => {
    const text = render("Name:\n{name}\nEnd.", { name: "Line one\n\n\n\nLine two {pet} {{#if name}}" });
    expect(text).toBe("Name:\nLine one\n\n\n\nLine two {pet} {{#if name}}\nEnd.");
  });

  it("numbers articles, clauses and items in printed order only", () => {
    const content = [
      "{{article}}. A",
      "{{clause}} one",
      "{{#if flag}}{{clause}} hidden{{/if}}",
      "{{clause}} two",
      "{{item}} x",
      "{{item}} y",
      "{{article}}. B",
      "{{clause}} three",
      "{{item}} z",
    ].join("\n");
    expect(render(content, {})).toBe("1. A\n1.1 one\n\n1.2 two\n(a) x\n(b) y\n2. B\n2.1 three\n(a) z");
  });

  it("lower-cases the first letter of each chosen option with |lower", () => {
    expect(render("Includes: {extras|lower}.", { extras: ["Garden", "Pool"] })).toBe("Includes: pool, garden.");
  });

  it("fills the reserved placeholders and leaves unanswered ones for unresolvedPlaceholders", () => {
    const text = render("ID {documentId}, {generatedDate}. Pet name: {petName}. {{unknownTag}}", { pet: "Cat" });
    expect(text).toBe("ID doc_7Hq2, March 5, 2027. Pet name: {petName}. {{unknownTag}}");
    expect(unresolvedPlaceholders(text)).toEqual(["{petName}", "{{unknownTag}}"]);
  });

  it("rejects unbalanced blocks", () => {
    expect(() => render("{{#if name}}open", {})).toThrow(TemplateSyntaxError);
    expect(() => render("{{/if}}", {})).toThrow("without an opening block");
    expect(() => render("{{#if name}}x{{/unless}}", {})).toThrow("closes {{#if}}");
    expect(() => render("{{else}}", {})).toThrow(TemplateSyntaxError);
    expect(() => render("{{#if bad condition here}}x{{/if}}", {})).toThrow("cannot read the condition");
  });
});

describe("template checks", () => {
  it("find nothing wrong with the real templates", () => {
    for (const template of TEMPLATES) expect(templateProblems(template), template.id).toEqual([]);
  });

  it("catch authoring mistakes", () => {
    const problems = templateProblems(
      synthetic(
        [
          f({ id: "a", label: "A", type: "text", required: false }),
          f({ id: "b", label: "B", type: "select", required: true }),
          f({ id: "c", label: "C", type: "text", required: true, conditional: { dependsOn: "later", value: "x" } }),
          f({ id: "d", label: "D", type: "text", required: true, validation: { pattern: "(", min: 1 } }),
          f({ id: "later", label: "Later", type: "radio", required: true, options: ["x", "y"] }),
          f({ id: "unused", label: "Unused", type: "text", required: true }),
          f({ id: "documentId", label: "Clash", type: "text", required: true }),
        ],
        "{a} {b} {c} {d} {nope} {{#if later = z}}{later}{{/if}} {{weird}} {documentId}",
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'Field "b" needs options',
        'Field "c" depends on "later", which is not an earlier field',
        'Field "d" has an invalid pattern',
        'Field "d" has min/max but is not a number or currency field',
        'Field "documentId" uses a reserved placeholder name',
        'Placeholder {a} may be printed while "a" has no value; wrap it in {{#if a}}',
        "Placeholder {nope} names no field",
        'Block {{#if later = z}} tests a value "later" cannot hold',
        "Unknown tag {{weird}}",
        'Field "unused" is never used in the content',
      ]),
    );
    expect(templateProblems(synthetic([], "{{#if x}}"))).toContain("Line 1: {{#if}} is never closed");
  });
});

describe("file name", () => {
  it("is the template name's slug and the ISO date", () => {
    expect(documentFileName(will, new Date("2027-03-05T15:30:00Z"))).toBe("last-will-and-testament-2027-03-05");
    expect(documentFileName(llc, new Date("2027-12-31T23:59:59Z"))).toBe("llc-operating-agreement-2027-12-31");
  });

  it("uses the given time zone for the date", () => {
    const lateEvening = new Date("2027-03-05T02:00:00Z");
    expect(documentFileName(will, lateEvening, "America/Los_Angeles")).toBe("last-will-and-testament-2027-03-04");
    expect(documentFooter({ documentId: "x", generatedAt: lateEvening, timeZone: "America/Los_Angeles" })).toContain(
      "on March 4, 2027",
    );
    expect(documentFileName(will, lateEvening, "Not/AZone")).toBe("last-will-and-testament-2027-03-05");
  });
});

describe("catalogue and index", () => {
  it("lists the spec's catalogue with review fees in cents and popular flags", () => {
    expect(DOCUMENT_CATALOGUE.map((item) => [item.id, item.lawyerReviewFeeCents, item.isPopular])).toEqual([
      ["will", 15_000, true],
      ["living-trust", 25_000, false],
      ["cease-desist", 10_000, true],
      ["residential-lease", 12_500, true],
      ["llc-formation", 20_000, true],
    ]);
    expect(getCatalogueItem("will")?.requiresState).toBe(true);
    expect(getCatalogueItem("nope")).toBeUndefined();
  });

  it("maps every catalogue item to an existing template", () => {
    expect(templateIdForCatalogueItem("residential-lease")).toBe("lease");
    expect(templateIdForCatalogueItem("llc-formation")).toBe("llc");
    expect(templateIdForCatalogueItem("will")).toBe("will");
    expect(templateIdForCatalogueItem("toString")).toBe("toString");
    for (const item of DOCUMENT_CATALOGUE) {
      expect(getTemplate(templateIdForCatalogueItem(item.id))?.category, item.id).toBe(item.category);
    }
  });

  it("offers 15 distinct states, of which 8 are buttons", () => {
    expect(DOCUMENT_STATES).toHaveLength(15);
    expect(new Set(DOCUMENT_STATES).size).toBe(15);
    expect(STATE_BUTTON_COUNT).toBe(8);
    expect(DOCUMENT_STATES.slice(0, 4)).toEqual(["California", "Texas", "Florida", "New York"]);
  });

  it("turns a chosen state into starting answers", () => {
    expect(stateAnswers(will, "Texas")).toEqual({ state: "Texas" });
    expect(stateAnswers(will, "Ohio")).toEqual({ state: "Other", stateOther: "Ohio" });
    expect(stateAnswers(llc, "Delaware")).toEqual({ state: "Delaware" });
    expect(stateAnswers(ceaseDesist, "Ohio")).toEqual({});
    expect(stateAnswers(will, " ")).toEqual({});
  });
});
