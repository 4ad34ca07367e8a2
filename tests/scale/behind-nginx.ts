import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureDebianPackage } from "../../scripts/debian-package.mjs";
import { buildServer, SERVER_OUT } from "../../scripts/server-build.mjs";
import { freePort, ROOT, type RunningServer, startServer, stopGracefully } from "../factories/server-process";
import { openTestDatabase } from "../factories/test-db";
import { waitUntil } from "../factories/wait";

/** The proxy settings a deployment includes (README, deployment): the suite runs behind these very lines. */
export const PROXY_CONF = path.join(ROOT, "deploy", "lawguide-proxy.conf");

/** The response header (test configuration only) naming the process nginx passed a request to. */
export const UPSTREAM_HEADER = "x-lawguide-upstream";

export interface Nginx {
  url: string;
  port: number;
  stop(): Promise<void>;
  log(): string;
}

/**
 * nginx from Debian's packages (installed when missing, as root) in front of `upstreams`, round
 * robin with no stickiness, through deploy/lawguide-proxy.conf. The configuration around it is
 * the deployment example's (deploy/nginx.conf) without TLS, plus a header naming the process that
 * answered.
 */
export async function startNginx(upstreams: number[], port: number): Promise<Nginx> {
  const binary = ensureDebianPackage({
    name: "nginx",
    paths: ["/usr/sbin/nginx"],
    why: "The scale suite runs LawGuide behind nginx",
  });
  if (!binary) throw new Error("nginx is missing (see above)");
  const dir = mkdtempSync(path.join(tmpdir(), "lawguide-nginx-"));
  mkdirSync(path.join(dir, "temp"));
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  upstream lawguide {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join("\n")}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    add_header ${UPSTREAM_HEADER} $upstream_addr always;
    location / {
      include ${PROXY_CONF};
    }
  }
}
`,
  );
  let log = "";
  const child: ChildProcess = spawn(binary, ["-p", dir, "-c", conf, "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (log += String(d)));
  child.stderr?.on("data", (d) => (log += String(d)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${log}`);
      return fetch(`${url}/api/health`).then(
        (r) => r.status === 200 || null,
        () => null,
      );
    },
    { what: "nginx to answer", timeout: 20_000, interval: 100 },
  );
  return {
    url,
    port,
    log: () => log,
    async stop() {
      child.kill("SIGQUIT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The secret every process of a cluster shares. */
export const SCALE_AUTH_SECRET = "one-secret-shared-by-every-lawguide-process";

/** The administrator every scale process seeds. */
export const SCALE_ADMIN = { email: "admin@example.com", password: "scale-admin-password" } as const;

export interface Cluster {
  processes: RunningServer[];
  nginx: Nginx;
  /** The process listening on `port`. */
  byPort(port: number): RunningServer;
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL test database, `count` compiled LawGuide processes on it (each on a port of its
 * own, as on separate machines) and nginx in front of them, on the PostgreSQL server at
 * `serverUrl` (DATABASE_URL).
 */
export async function startCluster(
  count: number,
  env: Record<string, string> = {},
  serverUrl = process.env.DATABASE_URL,
): Promise<Cluster> {
  if (!serverUrl) throw new Error("several processes need PostgreSQL: set DATABASE_URL");
  await buildServer();
  const test = await openTestDatabase(serverUrl);
  const databaseUrl = test.url as string;
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  // nginx starts once the processes answer, but every process is told its address (PUBLIC_URL).
  const publicPort = await freePort();
  const processes: RunningServer[] = [];
  let nginx: Nginx | undefined;
  try {
    for (const port of ports) {
      processes.push(
        await startServer(
          {
            DATABASE_URL: databaseUrl,
            AUTH_SECRET: SCALE_AUTH_SECRET,
            ADMIN_PASSWORD: SCALE_ADMIN.password,
            TRUST_PROXY: "true",
            PORT: String(port),
            PUBLIC_URL: `http://127.0.0.1:${publicPort}`,
            LOG_LEVEL: "info",
            ...env,
          },
          { compiled: path.join(SERVER_OUT, "main.js") },
        ),
      );
    }
    nginx = await startNginx(ports, publicPort);
  } catch (error) {
    for (const p of processes) p.process.kill("SIGKILL");
    await test.drop();
    throw error;
  }
  const started = nginx;
  return {
    processes,
    nginx: started,
    databaseUrl,
    byPort(port) {
      const found = processes.find((p) => p.port === port);
      if (!found) throw new Error(`no process on ${port}`);
      return found;
    },
    async stop() {
      await started.stop();
      for (const p of processes)
        if (p.process.exitCode === null && p.process.signalCode === null) await stopGracefully(p);
      await test.drop();
    },
  };
}

/** The port of the process that answered a request through nginx. */
export function upstreamPort(response: Response): number {
  const address = response.headers.get(UPSTREAM_HEADER) ?? "";
  // After a retry nginx lists every process tried ("a, b"): the last one answered.
  return Number(address.split(",").at(-1)?.trim().split(":").at(-1));
}
