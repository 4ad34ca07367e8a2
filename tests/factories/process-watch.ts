import { readdirSync, readFileSync } from "node:fs";

/** Resident memory of one process in bytes, from the kernel (0 once it has gone). */
export function residentOf(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The process's children (every thread's, from the kernel), grandchildren and so on. */
function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  const visit = (id: number) => {
    let threads: string[] = [];
    try {
      threads = readdirSync(`/proc/${id}/task`);
    } catch {
      return; // gone meanwhile
    }
    for (const thread of threads) {
      let children = "";
      try {
        children = readFileSync(`/proc/${id}/task/${thread}/children`, "utf8");
      } catch {
        continue;
      }
      for (const child of children.split(" ").filter(Boolean).map(Number)) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

/** Resident memory of a process and everything it started (the server with its reading process). */
export function treeResidentOf(pid: number): number {
  return [pid, ...descendantsOf(pid)].reduce((sum, id) => sum + residentOf(id), 0);
}

/** Samples `measure` every `intervalMs` until stopped; gives the highest value seen. */
export function samplePeak(measure: () => number, intervalMs = 20) {
  let peak = measure();
  const timer = setInterval(() => {
    peak = Math.max(peak, measure());
  }, intervalMs);
  return {
    stop(): number {
      clearInterval(timer);
      return Math.max(peak, measure());
    },
  };
}

/**
 * Asks `url` (the health check) one request after another, `intervalMs` apart, until stopped;
 * gives every answer's time in ms (a request that fails counts as taking until it failed).
 */
export function sampleLatency(url: string, intervalMs = 50) {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        times.push(response.ok ? performance.now() - started : Number.POSITIVE_INFINITY);
      } catch {
        times.push(Number.POSITIVE_INFINITY);
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop(): Promise<number[]> {
      running = false;
      await loop;
      return times;
    },
  };
}

/** The p-th percentile (0–100) of some times. */
export function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
