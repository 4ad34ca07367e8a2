/**
 * A Vitest reporter that keeps what the JSON report leaves out: errors outside any test (an
 * unhandled rejection, an error thrown after a test ended) and errors of hooks and files (a failed
 * `afterAll`, a file that could not load). Either makes Vitest exit 1 while every test passed.
 * They are written beside the JSON report (`<report>.errors.json`), and `scripts/summarize.mjs`
 * prints them at the end of the run, where a CI log is read.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule, TestSuite } from "vitest/node";

interface SerializedLike {
  name?: string;
  message?: string;
  stack?: string;
}

const summarise = (error: SerializedLike) => ({
  message: `${error.name ? `${error.name}: ` : ""}${error.message ?? String(error)}`.slice(0, 500),
  stack: (error.stack ?? "").split("\n").slice(0, 6).join("\n"),
});

export default class RunErrorsReporter implements Reporter {
  constructor(private readonly outputFile: string) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedLike>) {
    const hooks: Array<{ file: string; suite: string | null; message: string; stack: string }> = [];
    const walk = (file: string, entity: TestModule | TestSuite) => {
      for (const error of entity.errors() as SerializedLike[]) {
        hooks.push({ file, suite: entity.type === "suite" ? entity.fullName : null, ...summarise(error) });
      }
      for (const suite of entity.children.suites()) walk(file, suite);
    };
    for (const module of testModules) walk(path.relative(process.cwd(), module.moduleId), module);
    writeFileSync(this.outputFile, JSON.stringify({ unhandled: unhandledErrors.map(summarise), hooks }, null, 2));
  }
}
