import { hc } from "hono/client";
import type { AppType } from "../../server/app";

/**
 * Typed client of our own API: paths, inputs and outputs checked against the server's routes.
 * Kept apart from lib/api.ts so that pages which do not use it do not load it.
 */
export const api = hc<AppType>("/", { init: { credentials: "same-origin" } }).api;
