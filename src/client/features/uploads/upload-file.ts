import { ApiRequestError, MAINTENANCE_EVENT } from "@client/lib/api";
import { ERROR_CODES, isApiErrorBody } from "@shared/api-error";
import type { UploadCreated } from "@shared/schemas/uploads";
import { SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { UPLOAD_TEXT } from "@shared/uploads";

export const UPLOADS_PATH = "/api/uploads";

export interface UploadFileOptions {
  /** The case the file is brought into, if any. */
  caseId?: string | undefined;
  /** Percent of the file's bytes sent so far (0 to 100). */
  onProgress?: ((percent: number) => void) | undefined;
  /** Aborting it cancels the upload; the promise then rejects with an AbortError. */
  signal?: AbortSignal | undefined;
  /** The administrator's limit in MB, for the text of a 413 the server sent without a body. */
  maxMb?: number | undefined;
}

/** The words for an error answer the server sent without its JSON error body. */
function fallbackMessage(status: number, maxMb: number | undefined): string {
  if (status === 413) return UPLOAD_TEXT.tooLarge(maxMb ?? SETTINGS_DEFAULTS.general.maxFileUploadSize);
  if (status === 415) return UPLOAD_TEXT.wrongType;
  return UPLOAD_TEXT.failed;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Send one file to `POST /api/uploads` as multipart/form-data. XMLHttpRequest rather than fetch,
 * because only it reports how much of the request body has been sent. Resolves with the stored
 * upload; rejects with ApiRequestError carrying the server's message (status 0 when the
 * connection failed), or with an AbortError when `signal` aborts it.
 */
export function uploadFile(file: File, options: UploadFileOptions = {}): Promise<UploadCreated> {
  const { caseId, onProgress, signal, maxMb } = options;
  return new Promise<UploadCreated>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was cancelled.", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener("abort", onAbortSignal);

    xhr.open("POST", UPLOADS_PATH);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      settle();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === "object" && "upload" in body) {
        onProgress?.(100);
        resolve(body as UploadCreated);
        return;
      }
      if (isApiErrorBody(body)) {
        if (body.error.code === ERROR_CODES.maintenance && typeof window !== "undefined") {
          window.dispatchEvent(new Event(MAINTENANCE_EVENT));
        }
        reject(new ApiRequestError(xhr.status, body.error.code, body.error.message, body.error.fields));
        return;
      }
      reject(new ApiRequestError(xhr.status, "HTTP_ERROR", fallbackMessage(xhr.status, maxMb)));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiRequestError(0, "NETWORK", UPLOAD_TEXT.interrupted));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(new DOMException("The upload was cancelled.", "AbortError"));
    };
    signal?.addEventListener("abort", onAbortSignal, { once: true });

    // The case comes first, so the server knows where the file goes before its bytes arrive.
    const form = new FormData();
    if (caseId) form.append("caseId", caseId);
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

/** Whether an error is the cancellation of an upload or request (not a failure to report). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
