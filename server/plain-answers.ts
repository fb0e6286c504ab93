import type { ServerResponse } from "node:http";

/** What a client is told when answering its request failed on our side (the error itself goes to the log). */
export const SOMETHING_WENT_WRONG = "Something went wrong. Please try refreshing the page.";

/** A Range header past the end of a static file or an image (416; `send` has set the Content-Range). */
export const RANGE_NOT_SATISFIABLE = "The requested range is not in this file.";

/**
 * The 4xx an error from a middleware carries for the client's mistake (`http-errors`, as `send` makes for a range it
 * cannot satisfy), or undefined for a fault.
 */
export function clientErrorStatus(error: unknown): number | undefined {
  const status = typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

/** A plain-text refusal that no cache keeps and that closes the connection (the client may still be sending). */
export function refuse(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(message),
    Connection: "close",
  });
  res.end(message);
}
