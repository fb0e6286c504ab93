import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { PROJECT_ROOT, type DatabaseHandle } from "~/db/client.server";
import { AdminAccountError } from "~/services/auth/admins.server";
import { createServices, systemClock, type Clock } from "~/services/index.server";
import { siteUrlWarning } from "~/services/env.server";
import { createLogger } from "~/services/logger.server";
import { loadNewsOutlets, unknownFeedSections, type NewsOutlet } from "~/services/generation/news-feeds/outlets.server";
import { seedDemoContent } from "~/services/seed/seed.server";
import { createRequestListener } from "./app";
import { createPageCache } from "./page-cache";
import { openConfiguredDatabase, readConfigOrExit } from "./bootstrap";

const SHUTDOWN_GRACE_MS = 10_000;
/** How often expired sessions, old sign-in counters and rate-limit windows are deleted. */
const PRUNE_INTERVAL_MS = 15 * 60_000;

/** Starts Byline: configuration, database and migrations, demo content, services, HTTP server. */
export async function main({ vite, clock = systemClock }: { vite?: ViteDevServer; clock?: Clock } = {}): Promise<void> {
  const config = readConfigOrExit();
  const logger = createLogger(config);
  let newsOutlets: NewsOutlet[];
  try {
    newsOutlets = await loadNewsOutlets(config.newsFeedsFile);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  let database: DatabaseHandle;
  try {
    database = await openConfiguredDatabase(config, logger);
    await database.migrate();
  } catch (error) {
    const where = config.databaseUrl
      ? "PostgreSQL (DATABASE_URL)"
      : `the embedded database in ${path.join(config.dataDir, "db")}`;
    process.stderr.write(`Could not open ${where}: ${(error as Error).message}\n`);
    logger.debug({ err: error }, "database start-up failed");
    process.exit(1);
  }

  if (config.seedContent === "demo") {
    const seeded = await seedDemoContent({ db: database.db, now: clock.now() });
    if (seeded.seeded) logger.info(seeded, "seeded the demo newsroom");
  }
  // Listen first: without SITE_URL the site's own address needs the port actually bound (PORT=0 picks one).
  const ready: { handler?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  // Node closes idle keep-alive connections only at the moment close() is called; one whose answer ends later would
  // stay open (a browser keeps it) until the grace period forces it. So once stopping, answers say "Connection: close"
  // (those in flight too, if their head is still unsent: see shutdown below), and each connection is closed as its
  // answer ends.
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    inFlight.add(res);
    res.once("close", () => {
      inFlight.delete(res);
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    if (stopping) res.setHeader("Connection", "close");
    if (ready.handler) return ready.handler(req, res);
    res.writeHead(503, { "Retry-After": "1", "Content-Type": "text/plain" }).end("Byline is starting.");
  });
  server.keepAliveTimeout = 65_000;
  // "100 Continue" is sent only once the body's budget allows it (server/request-body.ts), not by Node at once.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => server.emit("request", req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;

  const siteUrl = config.siteUrlConfigured ? config.siteUrl : `http://localhost:${port}`;
  const insecureSiteUrl = siteUrlWarning(siteUrl);
  if (insecureSiteUrl) logger.warn({ siteUrl }, insecureSiteUrl);
  const services = createServices({
    config: { ...config, siteUrl },
    database,
    logger,
    clock,
    newsOutlets,
    stockDirectory: path.join(PROJECT_ROOT, vite ? "public" : path.join("build", "client"), "images", "stock"),
  });
  // The settings, sections and menus in force before the first request (a fresh database takes the environment's values).
  await Promise.all([services.settings.load(), services.sections.load(), services.menus.load()]);
  const unknownSections = unknownFeedSections(newsOutlets, services.sections.list());
  if (unknownSections.length > 0)
    logger.warn(
      { sections: unknownSections },
      "the news feeds file names sections this newsroom does not have; their feeds match none",
    );
  // The specification's pages on an empty table (decision 039); each instance tries, the first one inserts them.
  const pagesAdded = await services.pages.ensureDefaults();
  if (pagesAdded > 0) logger.info({ pages: pagesAdded }, "put the specification's pages in place");
  try {
    if (await services.admins.ensureInitialAdmin(config.initialAdmin)) {
      logger.info({ username: config.initialAdmin?.username }, "created the first admin from ADMIN_USERNAME");
    }
  } catch (error) {
    if (!(error instanceof AdminAccountError)) throw error;
    process.stderr.write(`Could not create the first admin from ADMIN_USERNAME and ADMIN_PASSWORD: ${error.message}\n`);
    process.exit(1);
  }

  const prune = () =>
    services.pruneExpired().then(
      (removed) => logger.debug(removed, "pruned expired rows"),
      (error: unknown) => logger.warn({ err: error }, "could not prune expired rows; will try again"),
    );
  void prune();
  const pruning = setInterval(prune, PRUNE_INTERVAL_MS);
  pruning.unref();
  // Only this process can open the embedded database, so jobs it finds running were left by one that stopped.
  services.generation.jobs.startWorker({ exclusive: database.driver === "pglite" });
  services.newsletter.start({ exclusive: database.driver === "pglite" });
  services.scheduler.start();
  services.websub.start();
  services.securityNotices.start();
  services.views.start();
  services.upkeep.start();

  // Rendered pages (and the reader reads behind them) are kept until content changes here or on another
  // instance (NOTIFY), or a minute passes.
  const pageCache = config.pageCache && !vite ? createPageCache() : undefined;
  if (pageCache) services.contentChanges.onChange(() => pageCache.clear());
  await services.contentChanges.start();

  const build: ServerBuild | (() => Promise<ServerBuild>) = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : await import("virtual:react-router/server-build");
  ready.handler = createRequestListener({
    services,
    build,
    clientDir: vite ? undefined : path.join(PROJECT_ROOT, "build", "client"),
    devMiddleware: vite?.middlewares,
    pageCache,
    trustProxy: config.trustProxy,
    allowedHosts: config.allowedHosts,
  });
  // Signals are handled before the ready line is printed, so a stop right after it still shuts down cleanly.
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(pruning);
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      try {
        await Promise.all([
          services.generation.jobs.stop(),
          services.newsletter.stop(),
          services.scheduler.stop(),
          services.websub.stop(),
          services.securityNotices.stop(),
          services.upkeep.stop(),
          services.contentChanges.stop(),
          // Article views still in memory (decision 032).
          services.views.stop(),
          // Confirmation messages still being sent after their sign-up was answered.
          services.subscribers.settled(),
          services.passwordResets.settled(),
          services.signInAlerts.settled(),
          services.emailChanges.settled(),
        ]);
        await vite?.close();
        await database.close();
        logger.info("stopped");
      } catch (error) {
        logger.error({ err: error }, "error while closing the database");
        process.exitCode = 1;
      }
      process.exit();
    });
    server.closeIdleConnections();
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));

  const shownHost = ["0.0.0.0", "::"].includes(config.host) ? "localhost" : config.host;
  logger.info({ port, driver: database.driver }, "listening");
  const lines = [
    `Byline is running at http://${shownHost}:${port}`,
    `Database: ${database.driver === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded, in ${path.join(config.dataDir, "db")}`}`,
  ];
  if ((await services.admins.countAdmins()) === 0) {
    lines.push(
      "No admin account yet. To create the first one, run: npm run admin -- create NAME",
      "or start Byline with ADMIN_USERNAME and ADMIN_PASSWORD set, for example:",
      "ADMIN_USERNAME=editor ADMIN_PASSWORD='a long passphrase' npm start",
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}
