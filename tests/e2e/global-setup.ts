import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { leakedSecrets } from "../factories/secrets";
import { ROOT, startServer, stopGracefully } from "../factories/server-process";
import { startFakeAnthropic, startFakeOpenAI } from "../fakes/ai-fakes";

const OPENAI_KEY = "sk-e2e-openai-key-0123456789";
const ANTHROPIC_KEY = "sk-ant-e2e-key-0123456789";

/**
 * Start the built app once for all journeys (the compiled server, as `npm start` runs it), on an
 * empty embedded database of its own, with the AI providers played by fake OpenAI and Anthropic
 * servers on 127.0.0.1 (tests steer them through their control endpoints: E2E_OPENAI_URL,
 * E2E_ANTHROPIC_URL).
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lawguide-e2e-"));
  const openai = await startFakeOpenAI();
  const anthropic = await startFakeAnthropic();
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: "5000",
      // Every journey registers its own members from this one address.
      SIGNUP_LIMIT_PER_HOUR: "5000",
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: openai.url,
      ANTHROPIC_API_KEY: ANTHROPIC_KEY,
      ANTHROPIC_BASE_URL: anthropic.url,
    },
    { compiled: path.join(ROOT, "dist/server/main.js") },
  );
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_OPENAI_URL = `http://127.0.0.1:${openai.port}`;
  process.env.E2E_ANTHROPIC_URL = `http://127.0.0.1:${anthropic.port}`;
  return async () => {
    await stopGracefully(server);
    // After every journey (sign-ups, sign-ins, resets, payments, uploads), the server's log gives
    // away no key, password, cookie or token. It is kept in test-results/ to read.
    const log = server.output();
    mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
    writeFileSync(path.join(ROOT, "test-results", "e2e-server.log"), log);
    const leaks = leakedSecrets(log, [OPENAI_KEY, ANTHROPIC_KEY, "correct-horse", "demo-password", "admin-password"]);
    if (leaks.length > 0) throw new Error(`The server's log gives secrets away:\n${leaks.join("\n")}`);
    await openai.close();
    await anthropic.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
