import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Every client test starts afresh: nothing left rendered, and no stubbed global (`fetch` from
// fake-api.ts, `CSS`…) carried into the next test.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
