import type { DocumentDetail } from "@shared/schemas/documents";
import { expect } from "vitest";
import type { TestClient } from "./test-client";
import { WILL_ANSWERS } from "./will-answers";

export { WILL_ANSWERS };

/** A will that `client` generates (checked to be created), as the API answers it. */
export async function generateWill(
  client: TestClient,
  answers: Record<string, unknown> = WILL_ANSWERS,
): Promise<DocumentDetail> {
  const response = await client.post("/api/documents/generate", { templateId: "will", answers });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { document: DocumentDetail }).document;
}

/** `unit` repeated to about `length` characters (trimmed). */
const repeatTo = (unit: string, length: number) =>
  unit
    .repeat(Math.ceil(length / unit.length))
    .slice(0, length)
    .trim();

/** Numbered lines up to about `length` characters. */
const linesTo = (line: (n: number) => string, length: number) => {
  const lines: string[] = [];
  for (let n = 1, total = 0; total < length; n++) {
    const next = line(n);
    lines.push(next);
    total += next.length + 1;
  }
  return lines.join("\n");
};

/**
 * A valid will whose answers are as long as the form lets them be (about 19,000 characters each
 * for the names, addresses, children, assets and gifts): about 250,000 characters of text, whose
 * PDF takes a second or more of CPU.
 */
export function longWillAnswers() {
  const length = 19_000;
  return {
    ...WILL_ANSWERS,
    fullName: repeatTo("Ada Augusta King Lovelace ", length),
    address: repeatTo("1 Main Street, Springfield, California 90001; ", length),
    childrenNames: linesTo((n) => `Child Number ${n} King, born in Springfield`, length),
    executor: repeatTo("Charles Babbage ", length),
    executorAddress: repeatTo("2 Analytical Way, Boston, MA 02101; ", length),
    assets: linesTo(
      (n) => `The house at ${n} Oak Street with its furniture, paintings, garden tools and everything in the garage`,
      length,
    ),
    specificBequests: linesTo(
      (n) => `My collection of ${n} antique clocks to my friend number ${n}, who admired them`,
      length,
    ),
    residualBeneficiary: repeatTo("William King ", length),
  };
}
