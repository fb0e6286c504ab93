// Test-only launcher: runs the production build's server with a clock a test can move forward, so an
// end-to-end test can watch a scheduled article appear without waiting for its time. It lives under tests/ and
// is never part of a build: production starts through bin/byline.js, whose server reads the system clock.
//
// It prints "Clock control at http://127.0.0.1:PORT" before the server starts; `POST /advance?ms=N` there moves
// the clock N milliseconds forward and answers with the new time.
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

const control = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const ms = Number(url.searchParams.get("ms"));
  if (request.method !== "POST" || url.pathname !== "/advance" || !Number.isSafeInteger(ms) || ms < 0) {
    response.writeHead(400, { "Content-Type": "text/plain" }).end("POST /advance?ms=N with N a whole number of milliseconds.");
    return;
  }
  offsetMs += ms;
  response.writeHead(200, { "Content-Type": "text/plain" }).end(clock.now().toISOString());
});
control.unref();
control.listen(0, "127.0.0.1", () => {
  const address = control.address();
  process.stdout.write(`Clock control at http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}\n`);
  import(pathToFileURL(path.join(root, "build", "server", "index.js")).href).then(
    ({ main }) => main({ clock }),
    (error) => {
      process.stderr.write(`Could not load the server build (run the e2e build first): ${error.message}\n`);
      process.exit(1);
    },
  );
});
