import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Listens on 127.0.0.1 on a free port and resolves with the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Stops the server: pending timers first, then every open connection. */
export function closeHttpServer(server: Server, timers: Set<NodeJS.Timeout>): Promise<void> {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
