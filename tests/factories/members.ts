import { documents } from "../../src/server/db/schema";
import { createPostgresFileStorage } from "../../src/server/features/uploads/file-storage";
import { parseSse } from "./sse";
import type { TestContext } from "./test-app";

/**
 * Store an upload row of a member's with these bytes in the file storage, as a file received
 * earlier would be (whatever its name): its id.
 */
export async function storedUpload(
  t: TestContext,
  upload: { userId: string; fileName: string | null; bytes: Uint8Array | number[]; title?: string; caseId?: string },
): Promise<string> {
  const { bytes, title = "Stored file", ...fields } = upload;
  const [row] = await t.services.db
    .insert(documents)
    .values({ ...fields, title, type: "upload", mimeType: "application/pdf", sizeBytes: bytes.length })
    .returning({ id: documents.id });
  if (!row) throw new Error("no upload row");
  await createPostgresFileStorage(t.services.db).write(
    row.id,
    (async function* () {
      yield Uint8Array.from(bytes);
    })(),
  );
  return row.id;
}

/** How many bytes of an upload the file storage holds (0 once the upload is gone). */
export function storedBytes(t: TestContext, uploadId: string): Promise<number> {
  return createPostgresFileStorage(t.services.db).size(uploadId);
}

/**
 * A signed-in member with a case holding one answered question (`Question from <e-mail>`) and an
 * uploaded lease in it, its bytes in the file storage with its row: what deleting or exporting a
 * member has to reach. `uploadId` names the upload.
 */
export async function memberWithCaseAndUpload(t: TestContext, options: { premium?: boolean } = {}) {
  const m = await t.member({ premium: options.premium ?? false });
  const caseId = (await (await m.client.post("/api/cases", {})).json()).case.id as string;
  parseSse(
    await (await m.client.post(`/api/cases/${caseId}/messages`, { content: `Question from ${m.email}` })).text(),
  );
  const uploadId = await storedUpload(t, {
    userId: m.id,
    fileName: "lease.pdf",
    bytes: new TextEncoder().encode("%PDF-1.4 test"),
    title: "Lease",
    caseId,
  });
  return { ...m, caseId, uploadId };
}
