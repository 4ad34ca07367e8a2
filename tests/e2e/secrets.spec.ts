import path from "node:path";
import { leakedSecrets, textFilesBelow } from "../factories/secrets";
import { ROOT } from "../factories/server-process";
import { DEMO, expect, test } from "./fixtures";

/**
 * The built web client is public: no key, password, cookie or token may be in it, whatever the
 * environment it was built in held. (The server's log is read the same way once every journey has
 * run: tests/e2e/global-setup.ts.)
 */
test("the built client holds no key, password, cookie or token", () => {
  const files = textFilesBelow(path.join(ROOT, "dist", "client"), [".js", ".html", ".css", ".json", ".map", ".txt"]);
  expect(files.length).toBeGreaterThan(10);
  const known = [
    ...Object.values(DEMO).map((account) => account.password),
    ...Object.entries(process.env)
      .filter(([name]) => /SECRET|PASSWORD|_KEY|TOKEN/.test(name))
      .map(([, value]) => value ?? "")
      .filter((value) => value.length >= 8),
  ];
  const leaks = files.flatMap(([file, text]) =>
    leakedSecrets(text, known).map((leak) => `${path.relative(ROOT, file)}: ${leak}`),
  );
  expect(leaks).toEqual([]);
});
