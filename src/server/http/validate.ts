import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { invalidInput } from "../lib/errors";

/**
 * Parse a request part with a shared zod schema. Failure answers 400 with the first message and
 * a message per field, in the API's error shape.
 */
export function validate<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join(".") || "_";
        fields[key] ??= issue.message;
      }
      throw invalidInput(result.error.issues[0]?.message, fields);
    }
  });
}
