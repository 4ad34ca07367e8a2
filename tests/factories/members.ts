import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { documents } from "../../src/server/db/schema";
import { parseSse } from "./sse";
import type { TestContext } from "./test-app";

/**
 * A signed-in member with a case holding one answered question (`Question from <e-mail>`) and an
 * uploaded lease in it, the file in storage with its row: what deleting or exporting a member
 * has to reach.
 */
export async function memberWithCaseAndUpload(t: TestContext, options: { premium?: boolean } = {}) {
  const m = await t.member({ premium: options.premium ?? false });
  const caseId = (await (await m.client.post("/api/cases", {})).json()).case.id as string;
  parseSse(
    await (await m.client.post(`/api/cases/${caseId}/messages`, { content: `Question from ${m.email}` })).text(),
  );
  const key = `${m.id}/lease.pdf`;
  const file = t.services.storage.resolve(key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "%PDF-1.4 test");
  await t.services.db
    .insert(documents)
    .values({ userId: m.id, type: "upload", title: "Lease", fileName: "lease.pdf", storageKey: key, caseId });
  return { ...m, caseId, file };
}
