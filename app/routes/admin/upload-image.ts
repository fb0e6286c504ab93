import type { UploadAnswer } from "~/components/admin/image-panel";
import { servicesContext } from "~/context";
import { readForm, UNREADABLE_FORM_MESSAGE } from "~/utils/http";
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "~/validation/upload";
import type { Route } from "./+types/upload-image";
import { postOnly, requirePermission } from "./guard.server";
import { postOnlyHandle, UPLOAD_BODY_LIMIT, type RouteHandle } from "~/route-handle";

/** Only posts are taken here; a GET gets 401 without a session and 405 with one. */
export const loader = (args: Route.LoaderArgs) => postOnly(args, "article.create");
export const handle = { ...postOnlyHandle, bodyLimit: UPLOAD_BODY_LIMIT } satisfies RouteHandle;

/** Room for the multipart envelope around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

const answer = (body: UploadAnswer, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * A cover image upload (multipart field "image"): at most 5 MB and 100 megapixels, and a JPEG, PNG, WebP or GIF
 * by its content, whatever its name or declared type, that can be read. Answers the new image's address, or the
 * reason it was refused.
 */
export async function action(args: Route.ActionArgs) {
  await requirePermission(args, "article.create");
  const { uploads, logger } = args.context.get(servicesContext);
  const body = await readAtMost(args.request, UPLOAD_MAX_BYTES + ENVELOPE_BYTES);
  if (body === "too_large") return answer({ error: UPLOAD_MESSAGES.tooLarge }, 413);

  // The body was read above within its limit; the form is parsed from those bytes, the usual way.
  const form = await readForm(new Request(args.request.url, { method: "POST", headers: args.request.headers, body })).catch(
    () => null,
  );
  if (!form) return answer({ error: UNREADABLE_FORM_MESSAGE }, 400);
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) return answer({ error: UPLOAD_MESSAGES.missing }, 400);

  try {
    const stored = await uploads.store(new Uint8Array(await file.arrayBuffer()));
    switch (stored.outcome) {
      case "stored":
        logger.info({ url: stored.url, mime: stored.mime, bytes: stored.bytes }, "image uploaded");
        return answer({ url: stored.url }, 201);
      case "too_large":
        return answer({ error: UPLOAD_MESSAGES.tooLarge }, 413);
      case "not_an_image":
        return answer({ error: UPLOAD_MESSAGES.notAnImage }, 415);
      case "too_many_pixels":
        return answer({ error: UPLOAD_MESSAGES.tooManyPixels }, 422);
      case "unreadable":
        return answer({ error: UPLOAD_MESSAGES.unreadable }, 422);
      case "empty":
        return answer({ error: UPLOAD_MESSAGES.missing }, 400);
    }
  } catch (error) {
    logger.error({ err: error }, "image upload failed");
    return answer({ error: UPLOAD_MESSAGES.failed }, 500);
  }
}

/** The request body, read only up to a limit, so an oversized upload is refused without holding it all. */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | "too_large"> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > limit) return "too_large";
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel();
      return "too_large";
    }
    chunks.push(value);
  }
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
