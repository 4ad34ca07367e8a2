import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT, startServer, stopGracefully } from "../factories/server-process";
import { startFakeAnthropic, startFakeOpenAI } from "../fakes/ai-fakes";

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
      OPENAI_API_KEY: "sk-e2e-openai",
      OPENAI_BASE_URL: openai.url,
      ANTHROPIC_API_KEY: "sk-ant-e2e",
      ANTHROPIC_BASE_URL: anthropic.url,
    },
    { compiled: path.join(ROOT, "dist/server/main.js") },
  );
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_OPENAI_URL = `http://127.0.0.1:${openai.port}`;
  process.env.E2E_ANTHROPIC_URL = `http://127.0.0.1:${anthropic.port}`;
  return async () => {
    await stopGracefully(server);
    await openai.close();
    await anthropic.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
