/**
 * The extraction worker's entry. Node 20 does not apply `--import tsx` to a worker whose entry is
 * a .ts file, so this plain module registers tsx in the worker thread and then loads the worker.
 */
import { register } from "tsx/esm/api";

register();
await import("./extraction-worker.ts");
