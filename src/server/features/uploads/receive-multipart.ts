import type { Readable } from "node:stream";
import Busboy from "@fastify/busboy";
import { ERROR_CODES } from "@shared/api-error";
import { UPLOAD_TEXT } from "@shared/uploads";
import { ApiError, invalidInput } from "../../lib/errors";

/** A file part as it streams in: `truncated` turns true once it passes the size limit. */
export type FilePart = Readable & { truncated?: boolean };

/** The file went past the limit: the rest of it is never read. */
export class FileTooLargeError extends Error {}

/** The upload was cut off (the member went away or the network dropped). */
export class UploadInterruptedError extends Error {}

/**
 * Read a multipart/form-data upload of one file (and a few short text fields) as it streams in:
 * nothing is buffered beyond what `onFile` holds. `onFile` gets the file part and its name once
 * the fields before it have arrived; the promise settles when the form is read to its end and
 * `onFile` has finished, or at the first failure (too large, cut off, malformed), leaving the rest
 * of the body unread.
 */
export function receiveMultipart<T>(input: {
  contentType: string;
  body: Readable;
  maxFileBytes: number;
  onFile: (file: FilePart, rawName: string, fields: Record<string, string>) => Promise<T>;
}): Promise<{ result: T; fields: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let settled = false;
    let result: { value: T } | null = null;
    let finished = false;
    let busboy: InstanceType<typeof Busboy>;

    // The file being handled: on a failure it is destroyed, and the promise settles only once
    // `onFile` has stopped, so nothing it writes can land after the caller cleans up.
    let active: { file: FilePart; handled: Promise<unknown> } | null = null;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      input.body.unpipe(busboy);
      // The body's remainder is left for the HTTP server to drain once the answer is sent.
      if (!active) return reject(error);
      active.file.destroy(error instanceof Error ? error : new UploadInterruptedError());
      active.handled.finally(() => reject(error));
    };
    const done = () => {
      if (settled || !finished || !result) return;
      settled = true;
      resolve({ result: result.value, fields });
    };

    try {
      busboy = new Busboy({
        headers: { "content-type": input.contentType },
        limits: { fileSize: input.maxFileBytes, files: 1, fields: 4, parts: 5, fieldSize: 200, headerPairs: 20 },
      });
    } catch {
      reject(invalidInput(UPLOAD_TEXT.noFile));
      return;
    }

    let sawFile = false;
    busboy.on("field", (name: string, value: string) => {
      fields[name] = value;
    });
    busboy.on("file", (_field: string, file: FilePart, rawName: string) => {
      if (sawFile) {
        file.resume();
        return;
      }
      sawFile = true;
      file.on("limit", () => fail(new FileTooLargeError()));
      // A destroyed file part reports its error to whoever reads it; nothing else listens.
      file.on("error", () => {});
      const handled = input.onFile(file, rawName ?? "", { ...fields }).then(
        (value) => {
          active = null;
          if (file.truncated) return fail(new FileTooLargeError());
          result = { value };
          done();
        },
        (error: unknown) => {
          active = null;
          file.resume();
          fail(error);
        },
      );
      active = { file, handled };
    });
    busboy.on("finish", () => {
      finished = true;
      if (!sawFile) fail(invalidInput(UPLOAD_TEXT.noFile));
      else done();
    });
    busboy.on("error", () => fail(new UploadInterruptedError()));
    busboy.on("filesLimit", () => fail(invalidInput("Please upload one file at a time.")));
    busboy.on("partsLimit", () => fail(invalidInput(UPLOAD_TEXT.noFile)));
    busboy.on("fieldsLimit", () => fail(invalidInput(UPLOAD_TEXT.noFile)));
    input.body.on("aborted", () => fail(new UploadInterruptedError()));
    input.body.on("error", () => fail(new UploadInterruptedError()));
    input.body.pipe(busboy);
  });
}

export const tooLargeError = (maxMb: number) => new ApiError(413, ERROR_CODES.tooLarge, UPLOAD_TEXT.tooLarge(maxMb));
export const wrongTypeError = () => new ApiError(415, ERROR_CODES.unsupportedType, UPLOAD_TEXT.wrongType);
