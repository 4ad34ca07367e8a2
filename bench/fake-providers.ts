/**
 * The fake OpenAI and Anthropic servers in a process of their own, as a real provider is: prints
 * one line of JSON with their base URLs once both listen, and runs until it is killed or the
 * process that started it goes away (its stdin closes). Their mode is set over HTTP
 * (`POST /__control/mode`, see tests/fakes/ai-fakes.ts).
 */
import { startFakeAnthropic, startFakeOpenAI } from "../tests/fakes/ai-fakes";

const openai = await startFakeOpenAI();
const anthropic = await startFakeAnthropic();
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
process.stdout.write(`${JSON.stringify({ openai: openai.url, anthropic: anthropic.url })}\n`);
