import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { invalidInput } from "../lib/errors";
import { isJsonType, notJson } from "./json-body";

/**
 * Parse a request part with a shared zod schema. Failure answers 400 with the first message and
 * a message per field, in the API's error shape. A JSON body must be labelled JSON: any other
 * Content-Type, or none, is 415 (Hono's validator would read it as `{}`).
 */
export function validate<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) {
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join(".") || "_";
        fields[key] ??= issue.message;
      }
      throw invalidInput(result.error.issues[0]?.message, fields);
    }
  });
  if (target !== "json") return validator;
  const jsonOnly: typeof validator = async (c, next) => {
    if (!isJsonType(c.req.header("content-type"))) throw notJson();
    return validator(c, next);
  };
  return jsonOnly;
}
