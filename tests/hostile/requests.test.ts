import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { residentMemoryKiB, stopServer } from "../load/load-support";
import { DESKTOP_CHROME } from "../support/chromium";
import { errorLogLines, startServer, type ServerProcess } from "../support/server-process";

/**
 * What a hostile client sends, against the production server (`npm start`'s build) with the page
 * cache on. Each answer is checked as that client would see it: the status, the caching headers, the body.
 */

const ADMIN = { username: "hostile-editor", password: "a long passphrase for the hostile suite" };
const folders: string[] = [];
let site: ServerProcess;
/** A second server that trusts only a proxy at 10.9.9.9, which the tests are not. */
let distrusting: ServerProcess;

function dataDir(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "byline-hostile-"));
  folders.push(folder);
  return folder;
}

beforeAll(async () => {
  [site, distrusting] = await Promise.all([
    startServer({ DATA_DIR: dataDir(), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
    startServer({ DATA_DIR: dataDir(), SEED_CONTENT: "none", TRUST_PROXY: "10.9.9.9" }),
  ]);
});

afterAll(async () => {
  const outputs = [site?.output() ?? "", distrusting?.output() ?? ""];
  await Promise.all([stopServer(site), stopServer(distrusting)]);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  // Nothing a hostile client sent may look like a fault of ours.
  expect(outputs.flatMap(errorLogLines)).toEqual([]);
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request exactly as written: the path is sent as is (fetch would normalise it), the Host as given. */
function send(
  base: string,
  rawPath: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path: rawPath, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** No stack trace, no exception name, no SQL in an answer. */
function expectNoInternals(answer: Answer): void {
  expect(answer.body).not.toMatch(/\n\s+at |Error:|TypeError|URIError|select |insert /);
}

async function signIn(): Promise<string> {
  const answer = await send(site.url, "/auth/login", {
    method: "POST",
    headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(ADMIN).toString(),
  });
  const cookie = String(answer.headers["set-cookie"]?.[0] ?? "");
  const token = /byline_session=([^;]+)/.exec(cookie)?.[1];
  if (answer.status !== 303 || !token) throw new Error(`Sign-in failed: ${answer.status}`);
  return token;
}

describe("request targets with two readings", () => {
  it.each([
    "/admin/./newsletter",
    "/x/../admin/newsletter",
    "/%2e/admin/newsletter",
    "/admin/%2E/newsletter",
    "//./admin/newsletter",
    "/admin%2Fnewsletter",
    "/\\evil.example/x",
    "/%",
    "/article/%E0%A4%A",
    "/search%00",
  ])("%s answers 400 with a plain sentence", async (rawPath) => {
    const answer = await send(site.url, rawPath);
    expect(answer.status).toBe(400);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toBe("This address is not valid. Please check the link and try again.");
  });
});

describe("one address per page", () => {
  it.each([
    ["/article/1/", "/article/1"],
    ["//article/1", "/article/1"],
    ["/article//1", "/article/1"],
    ["/ARTICLE/1/?utm_source=x&page=2", "/article/1?utm_source=x&page=2"],
    ["//x/admin/newsletter", "/x/admin/newsletter"],
    ["///evil.example/x", "/evil.example/x"],
    ["/Category/AI/", "/category/ai"],
    ["/About/", "/about"],
    ["/unsubscribe/1a.AbCdEfGhIjKlMnOpQrStUv/", "/unsubscribe/1a.AbCdEfGhIjKlMnOpQrStUv"],
  ])("%s answers 308 to %s", async (rawPath, location) => {
    const answer = await send(site.url, rawPath);
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe(location);
    expect(answer.headers["x-page-cache"]).toBeUndefined();
    expect(answer.body).toBe(`This page's address is ${location}`);
  });

  it("lets a page's address with one trailing slash reach the pages' route, which sends it to its one spelling", async () => {
    // The route looks for an old address first (an imported post's "/my-post/" takes one hop); a form goes at once.
    for (const method of ["GET", "POST"]) {
      const answer = await send(site.url, "/about/", { method, headers: { Origin: site.url } });
      expect(answer.status, method).toBe(308);
      expect(answer.headers.location, method).toBe("/about");
      expect(answer.headers["x-page-cache"], method).toBeUndefined();
    }
  });

  it("answers the canonical address itself, and / stays /", async () => {
    for (const rawPath of ["/", "/article/1", "/category/ai", "/?x=1"]) {
      expect((await send(site.url, rawPath)).status, rawPath).toBe(200);
    }
  });

  it("keeps the method and body of a form sent to another spelling (308, not 301)", async () => {
    const answer = await send(site.url, "/Newsletter/", {
      method: "POST",
      headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=someone%40example.com",
    });
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe("/newsletter");
  });
});

describe("the admin area, however its address or the session cookie is spelled", () => {
  const spellings = ["/admin/newsletter", "/admin/newsletter?x=1", "/Admin/newsletter.data", "/admin/newsletter/subscribers.csv"];
  /** Other spellings never reach the route: 308 to the one above, not stored either. */
  const redirected = ["/Admin/newsletter", "/ADMIN/NEWSLETTER", "/admin/newsletter/", "/Admin/Newsletter/Subscribers.csv"];

  it("is never stored by a browser, a proxy or the page cache", async () => {
    const token = await signIn();
    for (const cookie of [`byline_session=${token}`, `byline_session =${token}`, ` theme=dark;byline_session=${token}`]) {
      for (const spelling of spellings) {
        const signedIn = await send(site.url, spelling, { headers: { Cookie: cookie } });
        expect(signedIn.status, `${spelling} with ${cookie.slice(0, 20)}`).toBeLessThan(500);
        expect(signedIn.headers["cache-control"], spelling).toBe("no-store");
        expect(signedIn.headers["x-page-cache"], spelling).toBeUndefined();
      }
    }
    // Whatever was asked for with the session, nothing of it is served to a reader without one.
    for (const spelling of spellings) {
      const anonymous = await send(site.url, spelling);
      expect(anonymous.status, spelling).toBe(401);
      expect(anonymous.headers["cache-control"], spelling).toBe("no-store");
      expect(anonymous.headers["x-page-cache"], spelling).toBeUndefined();
      expect(anonymous.body, spelling).not.toContain("Recent Subscribers");
    }
  });

  it("sends other spellings to the one spelling without answering them, not stored", async () => {
    const token = await signIn();
    for (const spelling of redirected) {
      for (const headers of [{}, { Cookie: `byline_session=${token}` }] as Record<string, string>[]) {
        const answer = await send(site.url, spelling, { headers });
        expect(answer.status, spelling).toBe(308);
        expect(answer.headers.location, spelling).toBe(spelling.toLowerCase().replace(/\/$/, ""));
        expect(answer.headers["cache-control"], spelling).toBe("no-store");
        expect(answer.body, spelling).not.toContain("Recent Subscribers");
      }
    }
  });

  it("sign-in answers are not stored either, in any letter case", async () => {
    for (const spelling of ["/auth/login", "/Auth/Login"]) {
      const answer = await send(site.url, spelling);
      expect(answer.status, spelling).toBe(spelling === "/auth/login" ? 200 : 308);
      expect(answer.headers["cache-control"], spelling).toBe("no-store");
    }
  });
});

describe("reader pages asked for with a session", () => {
  it("are kept by no proxy or CDN, while the anonymous copy stays public", async () => {
    const token = await signIn();
    for (const path of ["/", "/category/ai", "/about"]) {
      const signedIn = await send(site.url, path, { headers: { Cookie: `byline_session=${token}` } });
      expect(signedIn.status, path).toBe(200);
      expect(signedIn.headers["cache-control"], path).toBe("private, no-cache");
      expect(signedIn.headers["x-page-cache"], path).toBeUndefined();
      const anonymous = await send(site.url, path);
      expect(anonymous.headers["cache-control"], path).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
    }
  });
});

describe("the page cache cannot be filled with copies", () => {
  it("answers unknown parameters and other spellings of a page from the one copy", async () => {
    const first = await send(site.url, "/?x=hostilemarkerone");
    expect(first.status).toBe(200);
    for (const rawPath of ["/?x=hostilemarkertwo", "/?utm_source=hostilemarkerutm&x=3", "/?x=%3Cscript%3E"]) {
      const answer = await send(site.url, rawPath);
      expect(answer.headers["x-page-cache"], rawPath).toBe("hit");
      // The copy is the page's own: nothing of the first request's parameters, nor of these, is in it.
      expect(answer.body, rawPath).not.toMatch(/hostilemarker|&lt;script/);
    }
    await send(site.url, "/category/ai");
    const otherSpelling = await send(site.url, "/Category/AI/?page=1&junk=2");
    expect(otherSpelling.status).toBe(308);
    expect(otherSpelling.headers.location).toBe("/category/ai?page=1&junk=2");
    expect((await send(site.url, "/category/ai?page=1&junk=2")).headers["x-page-cache"]).toBe("hit");
  });

  it("answers 404 for an article id written any other way than its number", async () => {
    for (const rawPath of ["/article/1abc", "/article/01", "/article/1.0", "/article/+1"]) {
      const answer = await send(site.url, rawPath);
      expect(answer.status, rawPath).toBe(404);
      expect(answer.headers["x-page-cache"], rawPath).toBeUndefined();
    }
  });
});

describe("the sign-up form's way back", () => {
  it("stays on this site however the return path is written", async () => {
    for (const returnTo of [
      "/.//evil.example/x",
      "//evil.example/x",
      "/\\evil.example/x",
      "https://evil.example/x",
      "/%2e%2e//evil.example",
    ]) {
      const answer = await send(site.url, "/newsletter", {
        method: "POST",
        headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "not an address", returnTo }).toString(),
      });
      const location = String(answer.headers.location ?? "");
      if (answer.status === 303)
        expect(new URL(location, site.url).origin, `${returnTo} -> ${location}`).toBe(new URL(site.url).origin);
      else expect(answer.status, returnTo).toBe(400);
      expect(location, returnTo).not.toMatch(/^\/\/|evil\.example\/x/);
    }
    const home = await send(site.url, "/newsletter", {
      method: "POST",
      headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "not an address", returnTo: "/category/ai?page=2" }).toString(),
    });
    expect(home.status).toBe(303);
    expect(home.headers.location).toBe("/category/ai?page=2&newsletter=invalid#newsletter");
  });
});

describe("host names", () => {
  it("refuses a Host that is not the site's, but answers health checks from anywhere", async () => {
    const foreign = await send(site.url, "/", { headers: { Host: "rebound.attacker.example" } });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toBe(
      "This site is not served under that host name. Set SITE_URL or ALLOWED_HOSTS to the names it uses.",
    );
    expect((await send(site.url, "/healthz", { headers: { Host: "10.0.0.7:3000" } })).status).toBe(200);
    expect((await send(site.url, "/", { headers: { Host: `localhost:${new URL(site.url).port}` } })).status).toBe(200);
  });
});

describe("a scheme no proxy sends", () => {
  it("is no reason to refuse a form sent from the site, even from a trusted proxy", async () => {
    // The tests connect over loopback, which TRUST_PROXY's default trusts to name the scheme.
    const answer = await send(site.url, "/auth/login", {
      method: "POST",
      headers: { Origin: site.url, "X-Forwarded-Proto": "gopher", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(ADMIN).toString(),
    });
    // Signed in, as without the header; React Router built the address from it, refused the form and logged an error.
    expect(answer.status).toBe(303);
    expect(String(answer.headers["set-cookie"]?.[0] ?? "")).toMatch(/byline_session=/);
  });
});

describe("ranges of files", () => {
  it("a range past the end of a static file is answered 416 with the file's length, a range within it 206", async () => {
    const whole = await send(site.url, "/images/stock/ai-technology.svg");
    expect(whole.status).toBe(200);
    const length = Buffer.byteLength(whole.body);
    for (const range of ["bytes=999999999-", "bytes=5-2"]) {
      const answer = await send(site.url, "/images/stock/ai-technology.svg", { headers: { Range: range } });
      expect(answer.status, range).toBe(416);
      expect(answer.headers["content-range"]).toBe(`bytes */${length}`);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.body).toBe("The requested range is not in this file.");
    }
    const part = await send(site.url, "/images/stock/ai-technology.svg", { headers: { Range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect(part.body).toBe(whole.body.slice(0, 10));
  });

  it("so is a range past the end of an image variant", async () => {
    const card = "/media/stock/ai-technology/og.jpg";
    const whole = await fetch(`${site.url}${card}`);
    expect(whole.status).toBe(200);
    const length = (await whole.arrayBuffer()).byteLength;
    const answer = await send(site.url, card, { headers: { Range: `bytes=${length}-` } });
    expect(answer.status).toBe(416);
    expect(answer.headers["content-range"]).toBe(`bytes */${length}`);
    expect(answer.body).toBe("The requested range is not in this file.");
  });
});

describe("request methods", () => {
  /** Paths with what their route answers: a page, a feed, the admin area, a form's route, a file, a variant. */
  const ROUTES: [string, string][] = [
    ["/", "GET, HEAD"],
    ["/article/1", "GET, HEAD"],
    ["/rss.xml", "GET, HEAD"],
    ["/admin", "GET, HEAD"],
    ["/admin/articles/new", "GET, HEAD, POST"],
    ["/newsletter", "GET, HEAD, POST"],
    ["/admin/api/uploads", "POST"],
    ["/assets/none.js", "GET, HEAD"],
    ["/media/none", "GET, HEAD"],
  ];

  it("refuses every method but GET, HEAD and POST with 405 and the route's methods, whoever sends it", async () => {
    const senders: Record<string, string>[] = [{}, { Origin: site.url }];
    // TRACE reached the router's Fetch request, which cannot carry it (a 500); PUT, DELETE and PATCH ran actions.
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"]) {
      for (const [rawPath, allow] of ROUTES) {
        for (const headers of senders) {
          const answer = await send(site.url, rawPath, { method, headers });
          expect(answer.status, `${method} ${rawPath}`).toBe(405);
          expect(answer.headers.allow, `${method} ${rawPath}`).toBe(allow);
          expect(answer.headers["cache-control"]).toBe("no-store");
          expect(answer.body).toBe("This method is not supported here.");
        }
      }
    }
  });

  it("names the route's methods when the router refuses a POST to a route without a form", async () => {
    for (const rawPath of ["/", "/article/1", "/search?query=x"]) {
      const answer = await send(site.url, rawPath, {
        method: "POST",
        headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: "a=1",
      });
      expect(answer.status, rawPath).toBe(405);
      expect(answer.headers.allow, rawPath).toBe("GET, HEAD");
    }
  });
});

describe("request bodies", () => {
  /** Sends only the head of a request that declares a body of `bytes`, and reads the answer. */
  function declareHugeBody(rawPath: string, bytes: number, expectContinue = false): Promise<string> {
    const { hostname, port } = new URL(site.url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname);
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        text += chunk;
        if (/\r\n\r\n[\s\S]*This request is too large/.test(text)) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on("error", reject);
      socket.on("close", () => resolve(text));
      socket.write(
        `POST ${rawPath} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${site.url}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${bytes}\r\n` +
          `${expectContinue ? "Expect: 100-continue\r\n" : ""}\r\n`,
      );
    });
  }

  /**
   * Streams a chunked body of up to `bytes` until the server answers, as a raw socket (Node's own client does not
   * read an answer that comes while it is still sending); resolves with the status line's code.
   */
  function streamChunked(rawPath: string, bytes: number): Promise<number> {
    const { hostname, port } = new URL(site.url);
    const chunk = Buffer.alloc(64 * 1024, "a");
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname);
      let text = "";
      let sent = 0;
      const answered = () => /^HTTP\/1\.1 (\d{3}) /.exec(text);
      socket.setEncoding("utf8");
      socket.on("data", (data: string) => {
        text += data;
        const status = answered();
        if (status) {
          socket.destroy();
          resolve(Number(status[1]));
        }
      });
      socket.on("error", (error) => (answered() ? undefined : reject(error)));
      socket.write(
        `POST ${rawPath} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${site.url}\r\n` +
          "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n",
      );
      const pump = () => {
        while (!answered() && sent < bytes && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(frame)) return void socket.once("drain", pump);
        }
        if (!answered() && !socket.destroyed) socket.write("0\r\n\r\n");
      };
      pump();
    });
  }

  it("refuses a declared body over the route's budget at once, without reading it", async () => {
    for (const rawPath of ["/newsletter", "/auth/login", "/admin/articles/new"]) {
      const head = await declareHugeBody(rawPath, 200 * 1024 * 1024);
      expect(head, rawPath).toMatch(/^HTTP\/1\.1 413 /);
      expect(head, rawPath).toContain("This request is too large. Please shorten what you sent and try again.");
    }
    // A client that waits for "100 Continue" is told 413 instead, and never sends the body.
    const waiting = await declareHugeBody("/newsletter", 200 * 1024 * 1024, true);
    expect(waiting).toMatch(/^HTTP\/1\.1 413 /);
  });

  it("refuses a chunked body once it passes the budget, and never holds more than 64 KB of one", async () => {
    expect(await streamChunked("/newsletter", 50 * 1024 * 1024)).toBe(413);
    expect(await streamChunked("/auth/login", 50 * 1024 * 1024)).toBe(413);
    // An admin route's budget is larger, but a chunked body is held in memory: an anonymous client gets 64 KB.
    expect(await streamChunked("/admin/api/uploads", 256 * 1024)).toBe(413);
  });

  it("takes a small chunked form as any other", async () => {
    const answer = await send(site.url, "/auth/login", {
      method: "POST",
      headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      body: new URLSearchParams({ username: "nobody", password: "wrong" }).toString(),
    });
    expect(answer.status).toBe(401);
    expectNoInternals(answer);
  });

  it("keeps resident memory flat while refusing large bodies", async () => {
    const pid = site.child.pid!;
    // Warm up: the paths the measured rounds take, so their code is loaded before the first reading.
    await declareHugeBody("/newsletter", 100 * 1024 * 1024);
    await streamChunked("/newsletter", 10 * 1024 * 1024);
    const before = residentMemoryKiB(pid);
    for (let round = 0; round < 10; round += 1) {
      await Promise.all([
        declareHugeBody("/newsletter", 200 * 1024 * 1024),
        declareHugeBody("/auth/login", 200 * 1024 * 1024),
        streamChunked("/newsletter", 20 * 1024 * 1024),
        streamChunked("/auth/login", 20 * 1024 * 1024),
      ]);
    }
    const grownMiB = (residentMemoryKiB(pid) - before) / 1024;
    // 20 declared bodies of 200 MB and 20 streamed ones of 20 MB: buffered, they would add hundreds of MB.
    expect(grownMiB).toBeLessThan(32);
  });
});

describe("the view beacon", () => {
  /** A report as the article page's script sends it, to `rawPath` exactly as written. */
  function report(rawPath: string, { method = "POST", headers = {}, body = '{"article":1}' } = {}) {
    return send(site.url, rawPath, {
      method,
      headers: { Origin: site.url, "Content-Type": "text/plain;charset=UTF-8", "User-Agent": DESKTOP_CHROME, ...headers },
      body,
    });
  }

  it("answers at its one address with 204, never stored, and reaches no counter under another spelling", async () => {
    const answer = await report("/api/views");
    expect(answer.status).toBe(204);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect((await report("/api/views?x=1")).status).toBe(204);
    // Another spelling is sent to the one spelling, or is no address of ours.
    expect((await report("/api/views/")).headers.location).toBe("/api/views");
    for (const rawPath of ["/API/views", "/api/%76iews"]) expect((await report(rawPath)).status, rawPath).toBe(405);
  });

  it("refuses a report from another site as it refuses any form from one", async () => {
    const answer = await report("/api/views", { headers: { Origin: "https://elsewhere.example" } });
    expect(answer.status).toBe(403);
    expect(answer.body).toBe("This form was sent from another website, so it was refused. Please use the form on this site.");
  });

  it("answers the image to GET and HEAD, 405 naming GET, HEAD and POST to any other method, 204 to a report too long to read", async () => {
    for (const method of ["GET", "HEAD"]) {
      const image = await send(site.url, "/api/views?article=1", { method, headers: { "User-Agent": DESKTOP_CHROME } });
      expect(image.status, method).toBe(200);
      expect(image.headers["content-type"], method).toBe("image/gif");
      expect(image.headers["content-length"], method).toBe("42");
      expect(image.headers["cache-control"], method).toBe("no-store");
    }
    const put = await report("/api/views", { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("GET, HEAD, POST");
    expect((await report("/api/views", { body: `{"search":"${"a".repeat(4_000)}"}` })).status).toBe(204);
  });
});

describe("the client's address for rate limits", () => {
  const signUp = (server: ServerProcess, forwardedFor: string, index: number) =>
    send(server.url, "/newsletter", {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": forwardedFor },
      body: new URLSearchParams({ email: `reader-${index}-${forwardedFor.replace(/\W/g, "")}@example.com` }).toString(),
    });

  it("believes X-Forwarded-For only from a trusted proxy: a direct client cannot take fresh addresses", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1)
      statuses.push((await signUp(distrusting, `198.51.100.${index + 1}`, index)).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10], "the 11th sign-up from one client is over the limit, whatever it claims").toBe(429);
  });

  it("counts IPv6 clients by their /64", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      statuses.push((await signUp(site, `2001:db8:7:7::${(index + 1).toString(16)}`, index)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10], "a fresh address in the same /64 is the same client").toBe(429);
    // Another /64 is another client.
    expect((await signUp(site, "2001:db8:7:8::1", 99)).status).toBe(200);
  });
});
