import type OpenAI from "openai";
import { type ProviderConnection, sdkClientOptions } from "./http-fetch";
import { withIdleTimeout } from "./timeout";
import { normalizeTurns } from "./turns";
import type { AiProvider, AiRequest, AiResult } from "./types";

/** Reasoning models take max_completion_tokens and no temperature. */
function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5)/.test(model);
}

function params(request: AiRequest) {
  const reasoning = isReasoningModel(request.model);
  return {
    model: request.model,
    messages: [
      { role: "system" as const, content: request.system },
      ...normalizeTurns(request.messages).map((t) => ({ role: t.role, content: t.content })),
    ],
    ...(reasoning
      ? { max_completion_tokens: request.maxTokens }
      : { max_tokens: request.maxTokens, temperature: request.temperature }),
    ...(request.userId ? { user: request.userId } : {}),
  };
}

/** OpenAI, or any OpenAI-compatible server (OPENAI_BASE_URL), through the official SDK. */
export function createOpenAIProvider(connection: ProviderConnection): AiProvider {
  // The SDK is loaded with the first request: a server without this provider never holds it.
  let sdk: Promise<OpenAI> | undefined;
  const sdkClient = () => {
    sdk ??= import("openai").then(({ default: OpenAI }) => new OpenAI(sdkClientOptions(connection)));
    return sdk;
  };
  return {
    id: "openai",
    async stream(request, onDelta) {
      return withIdleTimeout("OpenAI", request.timeoutMs, request.signal, async (signal, touch) => {
        const client = await sdkClient();
        const stream = await client.chat.completions.create(
          { ...params(request), stream: true, stream_options: { include_usage: true } },
          { signal, timeout: request.timeoutMs },
        );
        let content = "";
        let finishReason: string | undefined;
        let usage: AiResult["usage"];
        for await (const chunk of stream) {
          touch();
          const choice = chunk.choices[0];
          const delta = choice?.delta?.content;
          if (delta) {
            content += delta;
            onDelta(delta);
          }
          if (choice?.finish_reason) finishReason = choice.finish_reason;
          if (chunk.usage) {
            usage = {
              promptTokens: chunk.usage.prompt_tokens,
              completionTokens: chunk.usage.completion_tokens,
              totalTokens: chunk.usage.total_tokens,
            };
          }
        }
        // The SDK ends the iteration quietly when the request is aborted: that is not an answer.
        if (signal.aborted) throw new Error("Failed to get response from OpenAI: aborted");
        if (!content.trim()) throw new Error("No response content from OpenAI");
        return {
          content,
          provider: "openai",
          model: request.model,
          ...(usage ? { usage } : {}),
          ...(finishReason ? { finishReason } : {}),
        };
      });
    },
    async complete(request) {
      return withIdleTimeout("OpenAI", request.timeoutMs, request.signal, async (signal) => {
        const client = await sdkClient();
        const response = await client.chat.completions.create(
          { ...params(request), stream: false },
          { signal, timeout: request.timeoutMs },
        );
        const content = response.choices[0]?.message?.content ?? "";
        if (!content.trim()) throw new Error("No response content from OpenAI");
        return {
          content,
          provider: "openai",
          model: request.model,
          ...(response.usage
            ? {
                usage: {
                  promptTokens: response.usage.prompt_tokens,
                  completionTokens: response.usage.completion_tokens,
                  totalTokens: response.usage.total_tokens,
                },
              }
            : {}),
          ...(response.choices[0]?.finish_reason ? { finishReason: response.choices[0].finish_reason } : {}),
        };
      });
    },
  };
}
