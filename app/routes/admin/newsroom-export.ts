import { servicesContext } from "~/context";
import type { Route } from "./+types/newsroom-export";
import { eventSource, requirePermission } from "./guard.server";
import { staffHandle } from "~/route-handle";

export const handle = staffHandle;

/**
 * The newsroom's export as a download, for administrators only (it holds every subscriber's address and the staff
 * list): the same document as `npm run export`, streamed as it is read, never built whole in memory.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePermission(args, "newsroom.export");
  const { newsroomExport, logger, securityLog } = args.context.get(servicesContext);
  await securityLog.record({ kind: "export", ...eventSource(args, actor), detail: { what: "newsroom export" } });
  const { fileName, chunks } = newsroomExport.start();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        // The download stops short (the browser reports it failed); the document is never passed off as complete.
        logger.error({ err: error }, "newsroom export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
