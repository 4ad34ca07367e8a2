import { type ApiErrorBody, isApiErrorBody } from "@shared/api-error";
import { expect } from "vitest";

/** The body of a refused request, `{ error: { code, message, fields? } }`, after checking its status. */
export async function errorBody(response: Response, status: number): Promise<ApiErrorBody> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(isApiErrorBody(body), JSON.stringify(body)).toBe(true);
  return body as ApiErrorBody;
}
