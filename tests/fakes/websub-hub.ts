import { createServer } from "node:http";
import { closeHttpServer, listenOnLoopback } from "./loopback";

/** One publish notification a hub received. */
export interface HubNotification {
  mode: string | null;
  topic: string | null;
  contentType: string | undefined;
}

export interface WebSubHub {
  /** The hub's URL, e.g. `http://127.0.0.1:54321/hub`. */
  url: string;
  /** Notifications in order of arrival, including those answered with an error. */
  received: HubNotification[];
  /** Answers the next `count` notifications with `status` (503 by default) instead of 204. */
  failNext(count: number, status?: number): void;
  /** Resolves once at least `count` notifications have arrived. */
  waitFor(count: number): Promise<HubNotification[]>;
  close(): Promise<void>;
}

/** A WebSub hub on loopback that records `hub.mode=publish` notifications (https://www.w3.org/TR/websub/#publishing). */
export async function startWebSubHub(): Promise<WebSubHub> {
  const received: HubNotification[] = [];
  const waiters: { count: number; resolve: (list: HubNotification[]) => void }[] = [];
  let failures = 0;
  let failStatus = 503;
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      received.push({ mode: form.get("hub.mode"), topic: form.get("hub.url"), contentType: request.headers["content-type"] });
      for (const waiter of [...waiters]) {
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve([...received]);
        }
      }
      if (failures > 0) {
        failures -= 1;
        response.writeHead(failStatus).end();
        return;
      }
      response.writeHead(request.method === "POST" && request.url === "/hub" ? 204 : 400).end();
    });
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/hub`,
    received,
    failNext(count, status = 503) {
      failures = count;
      failStatus = status;
    },
    waitFor(count) {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => closeHttpServer(server, new Set()),
  };
}
