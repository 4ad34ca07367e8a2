import type { DocumentDetail } from "@shared/schemas/documents";
import { expect } from "vitest";
import type { TestClient } from "./test-client";

/** The answers of a married testator with a child: every person in it has a name of their own. */
export const WILL_ANSWERS = {
  fullName: "Ada Lovelace",
  state: "California",
  address: "1 Main St, Springfield, CA 90001",
  maritalStatus: "Married",
  spouseName: "William King",
  children: "Yes",
  childrenNames: "Byron King",
  guardian: "Mary Somerville",
  executor: "Charles Babbage",
  executorAddress: "2 Analytical Way, Boston, MA 02101",
  assets: "House and savings",
  residualBeneficiary: "William King",
} as const;

/** A will that `client` generates (checked to be created), as the API answers it. */
export async function generateWill(
  client: TestClient,
  answers: Record<string, unknown> = WILL_ANSWERS,
): Promise<DocumentDetail> {
  const response = await client.post("/api/documents/generate", { templateId: "will", answers });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { document: DocumentDetail }).document;
}
