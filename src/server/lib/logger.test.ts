import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, LOG_LINE_MAX, LOG_STRING_MAX, redactText } from "./logger";

/** A logger at `level` whose lines the test reads. */
function captured(level = "info") {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger(level, stream), lines };
}

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

  it("bounds every line: long strings, messages, lists and objects are cut, and a line never passes the cap", () => {
    const { logger, lines } = captured();
    const huge = "x".repeat(1_000_000);
    logger.warn({ redirectTo: huge, nested: { deeper: { value: huge } } }, huge);
    logger.info({ list: Array.from({ length: 100_000 }, (_, i) => i), bytes: Buffer.alloc(1_000_000) }, "lists");
    logger.info(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`key${i}`, i])), "many keys");
    // Many fields each under the string limit: only the line cap can hold them.
    logger.error(
      Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, "y".repeat(LOG_STRING_MAX)])),
      "wide",
    );
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(LOG_LINE_MAX);
      expect(line.endsWith("\n")).toBe(true);
      JSON.parse(line);
    }
    const [first, second, , wide] = lines.map((line) => JSON.parse(line));
    expect(first.level).toBe(40);
    expect(first.msg).toContain("more characters");
    expect(first.redirectTo).toContain("more characters");
    expect(second.list).toHaveLength(51);
    expect(second.bytes).toBe("[1000000 bytes]");
    expect(wide).toMatchObject({ level: 50, msg: "log line cut: longer than the limit" });
    expect(wide.time).toBeTypeOf("string");
  });

  it("still redacts secrets in bounded lines", () => {
    const { logger, lines } = captured();
    logger.info({ password: "p".repeat(5000), body: { token: "t0k" } }, "event");
    expect(lines.join("")).not.toContain("ppp");
    expect(lines.join("")).not.toContain("t0k");
  });
});
