import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/factories/test-db";
import { waitUntil } from "../../../tests/factories/wait";
import { createJobQueue } from "./jobs";
import { createLogger } from "./logger";

const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
afterEach(() => {
  process.off("unhandledRejection", onRejection);
});

describe("the job queue", () => {
  it("lets a job that outlives the stop end after the database is closed, without an unhandled rejection", async () => {
    process.on("unhandledRejection", onRejection);
    const { database, drop } = await openTestDatabase();
    const queue = createJobQueue(database, createLogger("silent"), { pollingIntervalSeconds: 0.5 });
    let started = false;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    queue.define("slow", {
      retryLimit: 1,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async handle() {
        started = true;
        await held;
        throw new Error("failed after the stop");
      },
    });
    await queue.start();
    await queue.send("slow", {});
    await waitUntil(() => started, { what: "the job to start" });

    // The shutdown gives the job 50 ms, then the database closes while it still runs.
    await queue.stop(50);
    await drop();
    release();
    // pg-boss reports the failed try once the handler has thrown: give it time to.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(rejections.map(String)).toEqual([]);
  });
});
