import type { IncomingMessage, ServerResponse } from "node:http";
import { PUBLIC_BODY_LIMIT } from "~/route-handle";
import { refuse } from "./plain-answers";
import { planOf } from "./request-plan";

const TOO_LARGE = "This request is too large. Please shorten what you sent and try again.";
/**
 * After refusing a chunked body, the rest is read and thrown away for this long, so the client can read the
 * answer (cutting the connection at once would reset it and lose the answer); then the connection is cut.
 */
const DISCARD_MS = 5_000;

/** Bodies read whole before their handler: a chunked one (limitBodies), the one-click unsubscribe's (server/app.ts). */
const bodiesRead = new WeakMap<IncomingMessage, Buffer>();

/** Keeps a request's body, read whole, for whatever handles the request next (`readBody`, the page handler). */
export function keepBody(req: IncomingMessage, body: Buffer): void {
  bodiesRead.set(req, body);
}

/** The body kept with `keepBody`, if it was read before its handler. */
export function bodyAlreadyRead(req: IncomingMessage): Buffer | undefined {
  return bodiesRead.get(req);
}

/**
 * Body budgets, before anything reads a body: a declared length over the route's budget is refused at once
 * without reading it (and without "100 Continue", so a client that waits for it never sends the body); a
 * chunked body, which no browser sends for a form, is read into memory up to 64 KB at most (whatever the route's
 * budget) and handed on as bytes (`keepBody`), or refused past it. Bodies with a declared length within budget
 * stream on, and the HTTP parser stops them at that length. Express's middleware, and the view beacon's in front
 * of Express (server/view-beacon.ts).
 */
export function limitBodies(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const limit = planOf(req)?.bodyLimit ?? PUBLIC_BODY_LIMIT;
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) return refuse(res, 413, TOO_LARGE);
  if (/100-continue/i.test(req.headers.expect ?? "")) res.writeContinue();
  if (declared !== undefined || req.headers["transfer-encoding"] === undefined) return next();
  // Browsers always declare a form's length; a chunked body is read into memory, so never more than a public form's.
  const chunkedLimit = Math.min(limit, PUBLIC_BODY_LIMIT);
  const chunks: Buffer[] = [];
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= chunkedLimit) return void chunks.push(chunk);
    req.off("data", onData).off("end", onEnd);
    chunks.length = 0;
    res.writeHead(413, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end(TOO_LARGE);
    req.resume();
    const cut = setTimeout(() => req.socket.destroy(), DISCARD_MS);
    cut.unref();
    req.once("end", () => clearTimeout(cut)).once("close", () => clearTimeout(cut));
  };
  const onEnd = () => {
    keepBody(req, Buffer.concat(chunks));
    next();
  };
  // A client that goes away half-way is no fault of ours: nothing more to answer.
  req
    .on("data", onData)
    .once("end", onEnd)
    .once("error", () => req.off("end", onEnd));
}

/**
 * The body, already read when it came chunked (limitBodies); otherwise within its declared, budgeted length (read
 * with the stream's events: the view beacon reads one per article a reader opens). Rejects when the client goes
 * away before the end.
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  const read = bodiesRead.get(req);
  if (read) return Promise.resolve(read);
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req
      .on("data", (chunk: Buffer) => chunks.push(chunk))
      .once("end", () => resolve(Buffer.concat(chunks)))
      .once("error", reject)
      .once("close", () => {
        if (!req.readableEnded) reject(new Error("The client went away before the end of its request."));
      });
  });
}
