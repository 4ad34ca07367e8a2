/**
 * The floor the cases list is measured against: Hono on Node answering one small JSON, nothing
 * else. Prints its port once it listens; ends when its stdin closes.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono().get("/json", (c) => c.json({ items: [{ id: "1", title: "A case" }], nextCursor: null }));
serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => process.stdout.write(`${info.port}\n`));
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
