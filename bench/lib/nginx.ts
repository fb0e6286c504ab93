/**
 * nginx serving one page from disk with precompressed copies beside it (brotli_static, gzip_static): the
 * yardstick for our cached article page. It runs from a temporary prefix on a free loopback port, with
 * its own pid file and logs, and never touches the system's nginx configuration.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { toolVersion } from "./machine";
import { freePort, stopProcess, waitForStatus } from "./processes";

/**
 * One worker: Byline runs as one Node.js process, and wrk takes the other core of a 2-core machine, so
 * each side of the comparison has one core.
 */
export const NGINX_WORKERS = 1;

const MODULE_DIRS = ["/usr/share/nginx/modules", "/usr/lib/nginx/modules", "/usr/lib64/nginx/modules", "/etc/nginx/modules"];

export interface StaticPage {
  /** The page as served without compression, and its brotli and gzip encodings. */
  html: Buffer;
  brotli: Buffer;
  gzip: Buffer;
}

export interface RunningNginx {
  version: string;
  /** The address of the page. */
  url: string;
  stop(): Promise<void>;
}

function brotliStaticModule(): string | null {
  for (const dir of MODULE_DIRS) {
    const file = path.join(dir, "ngx_http_brotli_static_module.so");
    if (existsSync(file)) return file;
  }
  return null;
}

/** nginx's version, or the reason it cannot serve the comparison (not installed, no brotli_static module). */
export function nginxProblem(): string | null {
  if (!toolVersion("nginx", ["-v"])) return "nginx is not installed (apt-get install nginx libnginx-mod-http-brotli-static)";
  if (!brotliStaticModule()) return "nginx's brotli_static module is missing (apt-get install libnginx-mod-http-brotli-static)";
  return null;
}

function config(prefix: string, port: number, module: string): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, "temp", name)};`;
  return `load_module ${module};
worker_processes ${NGINX_WORKERS};
daemon off;
pid ${path.join(prefix, "nginx.pid")};
error_log ${path.join(prefix, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  types { text/html html; }
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    root ${path.join(prefix, "www")};
    brotli_static on;
    gzip_static on;
    gzip_vary on;
    location / { }
  }
}
`;
}

/** Starts nginx serving `page` as /index.html, .br and .gz beside it. */
export async function startNginx(page: StaticPage): Promise<RunningNginx> {
  const module = brotliStaticModule();
  const version = toolVersion("nginx", ["-v"]);
  if (!module || !version) throw new Error(nginxProblem() ?? "nginx cannot run");
  const prefix = mkdtempSync(path.join(os.tmpdir(), "byline-nginx-"));
  // The workers run as an unprivileged user when nginx starts as root: they must be able to read the page.
  chmodSync(prefix, 0o755);
  const www = path.join(prefix, "www");
  mkdirSync(www, { mode: 0o755 });
  mkdirSync(path.join(prefix, "temp"));
  writeFileSync(path.join(www, "index.html"), page.html, { mode: 0o644 });
  writeFileSync(path.join(www, "index.html.br"), page.brotli, { mode: 0o644 });
  writeFileSync(path.join(www, "index.html.gz"), page.gzip, { mode: 0o644 });
  const port = await freePort();
  const configFile = path.join(prefix, "nginx.conf");
  writeFileSync(configFile, config(prefix, port, module));

  const child: ChildProcess = spawn("nginx", ["-p", prefix, "-c", configFile, "-e", path.join(prefix, "error.log")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}/index.html`;
  const stop = async () => {
    // SIGTERM is nginx's fast shutdown; the master stops its worker.
    await stopProcess(child);
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await waitForStatus(url, 200, { child, timeoutMs: 10_000 });
  } catch (error) {
    await stop();
    throw new Error(`nginx did not start: ${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return { version: version.replace(/^nginx version: /, ""), url, stop };
}
