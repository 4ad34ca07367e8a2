import { vi } from "vitest";

/**
 * A stand-in for the browser's XMLHttpRequest in client component tests, for the file uploads
 * (which use XHR for its upload progress). Each request is recorded with its multipart fields; the
 * test then moves it on as a server and network would: `progress(percent)`, `respond(status,
 * body)`, `fail()`. Wrap those calls in `act` (they update the page).
 */

export interface FakeUploadRequest {
  method: string;
  url: string;
  /** The multipart fields in the order they were sent. */
  fieldNames: string[];
  caseId: string | null;
  file: File | null;
  aborted: boolean;
  /** Report `percent` of the body as sent. */
  progress(percent: number): void;
  /** Answer with a JSON body (an object) or nothing (null). */
  respond(status: number, body: unknown): void;
  /** The connection failed (no answer). */
  fail(): void;
}

type Handler = ((event: unknown) => void) | null;

export function fakeUploadXhr() {
  const requests: FakeUploadRequest[] = [];

  class FakeXMLHttpRequest {
    upload: { onprogress: Handler } = { onprogress: null };
    onload: Handler = null;
    onerror: Handler = null;
    ontimeout: Handler = null;
    onabort: Handler = null;
    status = 0;
    responseText = "";
    readyState = 0;
    private request: FakeUploadRequest | null = null;
    private method = "GET";
    private url = "";
    private done = false;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
      this.readyState = 1;
    }

    setRequestHeader() {}

    getResponseHeader(name: string) {
      return name.toLowerCase() === "content-type" && this.responseText ? "application/json" : null;
    }

    send(body?: unknown) {
      const form = body instanceof FormData ? body : null;
      const file = form?.get("file");
      const caseId = form?.get("caseId");
      const xhr = this;
      // The request body's size, as the browser counts it (the file plus the multipart framing).
      const total = 1000 + (file instanceof File ? file.size : 0);
      const request: FakeUploadRequest = {
        method: this.method,
        url: this.url,
        fieldNames: form ? [...form.keys()] : [],
        caseId: typeof caseId === "string" ? caseId : null,
        file: file instanceof File ? file : null,
        aborted: false,
        progress(percent) {
          if (xhr.done) return;
          xhr.upload.onprogress?.({ lengthComputable: true, loaded: (total * percent) / 100, total });
        },
        respond(status, responseBody) {
          if (xhr.done) return;
          xhr.done = true;
          xhr.status = status;
          xhr.readyState = 4;
          xhr.responseText = responseBody === null ? "" : JSON.stringify(responseBody);
          xhr.onload?.({});
        },
        fail() {
          if (xhr.done) return;
          xhr.done = true;
          xhr.readyState = 4;
          xhr.onerror?.({});
        },
      };
      this.request = request;
      requests.push(request);
    }

    abort() {
      if (this.done) return;
      this.done = true;
      if (this.request) this.request.aborted = true;
      this.onabort?.({});
    }
  }

  vi.stubGlobal("XMLHttpRequest", FakeXMLHttpRequest);
  return {
    requests,
    /** The latest request, failing the test when there is none. */
    latest(): FakeUploadRequest {
      const last = requests[requests.length - 1];
      if (!last) throw new Error("no upload request was made");
      return last;
    },
  };
}
