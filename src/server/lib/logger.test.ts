import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, redactText } from "./logger";

describe("logging", () => {
  it("redacts passwords, tokens, keys and cookies from structured logs", () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger("info", stream);
    logger.info(
      {
        password: "hunter2",
        body: { newPassword: "n3w", token: "t0k" },
        apiKey: "sk-abc",
        headers: { cookie: "s=1", authorization: "Bearer x" },
      },
      "event",
    );
    const out = lines.join("");
    for (const secret of ["hunter2", "n3w", "t0k", "sk-abc", "s=1", "Bearer x"]) expect(out).not.toContain(secret);
    expect(out).toContain("[redacted]");
  });

  it("redacts credentials inside free text", () => {
    expect(redactText("postgres://app:s3cret@db:5432/x")).toBe("postgres://app:[redacted]@db:5432/x");
    expect(redactText("Authorization: Bearer abc.def.ghi")).toBe("Authorization: Bearer [redacted]");
    expect(redactText("key sk-proj-ABCDEFGHIJKLMNOP")).not.toContain("ABCDEFGHIJ");
    expect(redactText("stripe sk_test_1234567890abcdef")).not.toContain("1234567890");
  });
});
