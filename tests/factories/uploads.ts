import type { UploadSummary } from "../../src/shared/schemas/uploads";
import { blankPng, buildPdf } from "../fixtures/uploads/build-files";
import { leaseParagraphs, leaseTitle } from "../fixtures/uploads/lease-text";
import type { TestClient } from "./test-client";
import { waitUntil } from "./wait";

/** The lease of tests/fixtures/uploads as a one-page PDF with text. */
export const leasePdf = () => buildPdf([{ paragraphs: [leaseTitle, ...leaseParagraphs] }]);

/** A small PNG with nothing to read in it. */
export const tinyPng = () => blankPng(8, 8);

/** Upload a file as the browser does (multipart, the case first when given). */
export async function upload(
  client: TestClient,
  name: string,
  bytes: Uint8Array,
  options: { caseId?: string; type?: string } = {},
) {
  const form = new FormData();
  if (options.caseId) form.append("caseId", options.caseId);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: options.type ?? "application/octet-stream" }), name);
  return client.request("/api/uploads", { method: "POST", body: form });
}

/** Upload a file that must be accepted, and wait until it has been read. */
export async function uploadAndRead(
  client: TestClient,
  name: string,
  bytes: Uint8Array,
  options: { caseId?: string } = {},
): Promise<UploadSummary> {
  const response = await upload(client, name, bytes, options);
  if (response.status !== 201) throw new Error(`upload refused: ${response.status} ${await response.text()}`);
  const { upload: created } = (await response.json()) as { upload: UploadSummary };
  return waitUntil(
    async () => {
      const { upload: now } = (await (await client.get(`/api/uploads/${created.id}`)).json()) as {
        upload: UploadSummary;
      };
      return now.status === "reading" ? null : now;
    },
    { what: `${name} to be read`, timeout: 60_000, interval: 50 },
  );
}
