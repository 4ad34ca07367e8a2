import type Anthropic from "@anthropic-ai/sdk";
import { type ProviderConnection, sdkClientOptions } from "./http-fetch";
import { withIdleTimeout } from "./timeout";
import { normalizeTurns } from "./turns";
import type { AiProvider, AiRequest, AiResult } from "./types";

function params(request: AiRequest) {
  return {
    model: request.model,
    system: request.system,
    messages: normalizeTurns(request.messages),
    max_tokens: request.maxTokens,
    // Anthropic accepts 0 to 1; the admin range is OpenAI's 0 to 2.
    temperature: Math.min(1, Math.max(0, request.temperature)),
    ...(request.userId ? { metadata: { user_id: request.userId } } : {}),
  };
}

/** Anthropic through the official SDK (ANTHROPIC_BASE_URL without /v1). */
export function createAnthropicProvider(connection: ProviderConnection): AiProvider {
  // The SDK is loaded with the first request: a server without this provider never holds it.
  let sdk: Promise<Anthropic> | undefined;
  const sdkClient = () => {
    sdk ??= import("@anthropic-ai/sdk").then(
      ({ default: Anthropic }) =>
        new Anthropic({
          ...sdkClientOptions(connection),
          // LawGuide does not use OpenTelemetry: no spans or trace headers on every call.
          openTelemetry: { traces: false, propagation: false },
        }),
    );
    return sdk;
  };
  return {
    id: "anthropic",
    async stream(request, onDelta) {
      return withIdleTimeout("Anthropic", request.timeoutMs, request.signal, async (signal, touch) => {
        const client = await sdkClient();
        const stream = await client.messages.create(
          { ...params(request), stream: true },
          { signal, timeout: request.timeoutMs },
        );
        let content = "";
        let inputTokens = 0;
        let outputTokens = 0;
        let finishReason: string | undefined;
        let ended = false;
        for await (const event of stream) {
          touch();
          switch (event.type) {
            case "message_start":
              inputTokens = event.message.usage.input_tokens;
              outputTokens = event.message.usage.output_tokens;
              break;
            case "content_block_delta":
              if (event.delta.type === "text_delta") {
                content += event.delta.text;
                onDelta(event.delta.text);
              }
              break;
            case "message_delta":
              outputTokens = event.usage.output_tokens;
              if (event.delta.stop_reason) finishReason = event.delta.stop_reason;
              break;
            case "message_stop":
              ended = true;
              break;
            default:
              break;
          }
        }
        if (!ended) throw new Error("Failed to get response from Anthropic: the stream ended early");
        if (!content.trim()) throw new Error("Unexpected response type from Anthropic");
        return {
          content,
          provider: "anthropic",
          model: request.model,
          usage: { promptTokens: inputTokens, completionTokens: outputTokens, totalTokens: inputTokens + outputTokens },
          ...(finishReason ? { finishReason } : {}),
        };
      });
    },
    async complete(request) {
      return withIdleTimeout("Anthropic", request.timeoutMs, request.signal, async (signal) => {
        const client = await sdkClient();
        const message = await client.messages.create(
          { ...params(request), stream: false },
          { signal, timeout: request.timeoutMs },
        );
        const block = message.content[0];
        if (block?.type !== "text") throw new Error("Unexpected response type from Anthropic");
        const result: AiResult = {
          content: block.text,
          provider: "anthropic",
          model: request.model,
          usage: {
            promptTokens: message.usage.input_tokens,
            completionTokens: message.usage.output_tokens,
            totalTokens: message.usage.input_tokens + message.usage.output_tokens,
          },
        };
        if (message.stop_reason) result.finishReason = message.stop_reason;
        return result;
      });
    },
  };
}
