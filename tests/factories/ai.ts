import { afterAll } from "vitest";
import { type FakeProviderServer, startFakeAnthropic, startFakeOpenAI } from "../fakes/ai-fakes";

/** Fake OpenAI and Anthropic servers for one test file, and the configuration pointing at them. */
export async function startAiFakes(): Promise<{
  openai: FakeProviderServer;
  anthropic: FakeProviderServer;
  env: Record<string, string>;
}> {
  const openai = await startFakeOpenAI();
  const anthropic = await startFakeAnthropic();
  afterAll(async () => {
    await openai.close();
    await anthropic.close();
  });
  return {
    openai,
    anthropic,
    env: {
      OPENAI_API_KEY: "sk-test-openai-key",
      OPENAI_BASE_URL: openai.url,
      ANTHROPIC_API_KEY: "sk-ant-test-key",
      ANTHROPIC_BASE_URL: anthropic.url,
    },
  };
}
