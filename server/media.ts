import type { RequestHandler } from "express";
import type { Services } from "~/services/index.server";
import { clientErrorStatus, RANGE_NOT_SATISFIABLE, refuse } from "./plain-answers";

/** A year: a variant's address names its source and size, and an upload never changes under its name. */
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

function notFound(res: Parameters<RequestHandler>[1]) {
  res.status(404).type("text/plain").set("Cache-Control", "no-store").send("This image does not exist.");
}

/**
 * GET /media/...: a cover variant (decision 025). The path is the only input and the service reads it against a
 * fixed list of names; anything else, and an original that cannot be drawn, answers 404, never 500.
 */
export function serveMedia({ images, logger }: Pick<Services, "images" | "logger">): RequestHandler {
  return async (req, res) => {
    let found;
    try {
      found = await images.file(req.originalUrl.split("?")[0] ?? "");
    } catch (error) {
      logger.warn({ err: error, path: req.path }, "could not make an image variant");
      return notFound(res);
    }
    if (!found) return notFound(res);
    res.sendFile(
      found.file,
      // The path is the service's own (DATA_DIR may sit under a dot-folder), never the request's.
      { headers: { "Content-Type": found.contentType }, immutable: true, maxAge: ONE_YEAR_MS, dotfiles: "allow" },
      (error) => {
        if (!error) return;
        if (clientErrorStatus(error) === 416) return refuse(res, 416, RANGE_NOT_SATISFIABLE);
        logger.warn({ err: error, path: req.path }, "could not send an image variant");
        if (!res.headersSent) notFound(res);
      },
    );
  };
}
