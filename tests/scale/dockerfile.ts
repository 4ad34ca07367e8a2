import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The Dockerfile's steps run without a container engine: each stage's filesystem is a directory,
 * its absolute paths (WORKDIR /app, COPY --from=build /app/dist) are taken inside that directory,
 * RUN runs the command there with the stage's ENV, and the stage's USER, ENV, CMD and HEALTHCHECK
 * are returned for the caller to start. FROM's base image is the machine itself (Debian, with the
 * Node.js on the PATH: the tests run on the Node 24 that npm install brings, as the image's base). Only the instructions the Dockerfile uses are understood; any
 * other fails, so a new one cannot be skipped silently.
 */
export interface Stage {
  name: string;
  /** The stage's filesystem root. */
  root: string;
  workdir: string;
  env: Record<string, string>;
  user: string | null;
  cmd: string[] | null;
  healthcheck: string[] | null;
  expose: number[];
}

interface Instruction {
  keyword: string;
  args: string;
}

function instructions(text: string): Instruction[] {
  const joined = text.replace(/\\\r?\n/g, " ");
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [keyword = "", ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(" ") };
    });
}

/** `KEY=value KEY2=value2` (values without spaces), as ENV is written here. */
function parseEnv(args: string): Record<string, string> {
  return Object.fromEntries(
    args.split(/\s+/).map((pair) => {
      const at = pair.indexOf("=");
      if (at < 1) throw new Error(`ENV ${args}: only KEY=value pairs are understood`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** The files of the build context: what git keeps or would keep, less .dockerignore's entries. */
function contextFiles(context: string): string[] {
  const ignored = existsSync(path.join(context, ".dockerignore"))
    ? readFileSync(path.join(context, ".dockerignore"), "utf8")
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith("#"))
    : [];
  const matches = (file: string, pattern: string) =>
    pattern.startsWith("*.") ? file.endsWith(pattern.slice(1)) : file === pattern || file.startsWith(`${pattern}/`);
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: context,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file && existsSync(path.join(context, file)) && !ignored.some((p) => matches(file, p)));
}

/** Run every stage of `dockerfile` from `context` into directories below `into`; the last stage is the image. */
export function runDockerfile(dockerfile: string, context: string, into: string): Stage[] {
  const stages: Stage[] = [];
  let stage: Stage | null = null;
  // A container's user can read the image's directories (mkdtemp makes them the owner's alone).
  chmodSync(into, 0o755);
  const inside = (s: Stage, p: string) => path.join(s.root, path.isAbsolute(p) ? p : path.join(s.workdir, p));
  for (const { keyword, args } of instructions(readFileSync(dockerfile, "utf8"))) {
    if (keyword === "FROM") {
      const name = args.match(/\bAS\s+(\S+)/i)?.[1] ?? `stage${stages.length}`;
      const root = path.join(into, name);
      mkdirSync(root, { recursive: true });
      stage = { name, root, workdir: "/", env: {}, user: null, cmd: null, healthcheck: null, expose: [] };
      stages.push(stage);
      continue;
    }
    if (!stage) throw new Error(`${keyword} before FROM`);
    const current = stage;
    switch (keyword) {
      case "WORKDIR":
        current.workdir = path.posix.resolve(current.workdir, args);
        mkdirSync(inside(current, "."), { recursive: true });
        break;
      case "ENV":
        Object.assign(current.env, parseEnv(args));
        break;
      case "COPY": {
        const words = args.split(/\s+/);
        const from = words.find((w) => w.startsWith("--from="))?.slice("--from=".length);
        const [dest = ".", ...sources] = words.filter((w) => !w.startsWith("--")).reverse();
        const target = inside(current, dest);
        if (from) {
          const source = stages.find((s) => s.name === from);
          if (!source) throw new Error(`COPY --from=${from}: no such stage`);
          for (const src of sources.reverse()) cpSync(path.join(source.root, src), target, { recursive: true });
        } else {
          const files = contextFiles(context);
          for (const src of sources.reverse()) {
            const picked = src === "." ? files : files.filter((f) => f === src || f.startsWith(`${src}/`));
            if (picked.length === 0) throw new Error(`COPY ${src}: not in the build context`);
            for (const file of picked) {
              const to =
                src === "." || dest.endsWith("/")
                  ? path.join(target, src === "." ? file : path.basename(file))
                  : target;
              mkdirSync(path.dirname(to), { recursive: true });
              cpSync(path.join(context, file), to);
            }
          }
        }
        break;
      }
      case "RUN": {
        // The host's tools and settings (PATH, npm's cache), not the test runner's own variables:
        // Vitest sets NODE_ENV=test, which no container has, and a client built under it is a
        // development build (larger, with React's development runtime).
        const host = Object.fromEntries(
          Object.entries(process.env).filter(([key]) => key !== "NODE_ENV" && !key.startsWith("VITEST")),
        );
        const env = { ...host, ...mapPaths(current, current.env) };
        const result = spawnSync("sh", ["-c", args], { cwd: inside(current, "."), env, stdio: "inherit" });
        if (result.status !== 0) throw new Error(`RUN ${args}: exit ${result.status}`);
        break;
      }
      case "USER":
        current.user = args;
        break;
      case "EXPOSE":
        current.expose.push(...args.split(/\s+/).map(Number));
        break;
      case "CMD":
        current.cmd = JSON.parse(args);
        break;
      case "HEALTHCHECK": {
        const at = args.indexOf("CMD ");
        current.healthcheck = JSON.parse(args.slice(at + 4));
        break;
      }
      default:
        throw new Error(`${keyword}: not understood by this runner`);
    }
  }
  return stages;
}

/** The stage's ENV with its absolute paths taken inside the stage's directory. */
export function mapPaths(stage: Stage, env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value.startsWith("/") ? path.join(stage.root, value) : value]),
  );
}
