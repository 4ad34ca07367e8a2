/**
 * The render worker's entry while the server runs as TypeScript (tests, `npm start`). Node 20
 * does not apply `--import tsx` to a worker whose entry is a .ts file, so this plain module
 * registers tsx in the worker thread and then loads the worker. A built server starts the
 * compiled render-worker.js instead (render-pool.ts, `renderWorkerEntry`).
 */
import { register } from "tsx/esm/api";

register();
await import("./render-worker.ts");
