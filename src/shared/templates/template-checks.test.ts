import { f, synthetic } from "@tests/factories/template-fixtures";
import { describe, expect, it } from "vitest";
import { templateProblems } from "./template-checks";
import { TEMPLATES } from "./template-list";

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
