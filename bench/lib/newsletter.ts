/**
 * Newsletter: the weekly digest (written from the articles' excerpts, no AI key) frozen for every active
 * subscriber and sent by the app's own sender through SMTP to a local sink, as the server does it: an
 * embedded database, five messages in flight. Timed from the freeze to the last delivery recorded.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import pino from "pino";
import { openDatabase } from "~/db/client.server";
import { loadConfig } from "~/services/env.server";
import { createServices, systemClock } from "~/services/index.server";
import { SEND_CONCURRENCY } from "~/services/newsletter/newsletter.server";
import { benchDataDir, generateData } from "./datasets";
import { log, stopProcess } from "./processes";
import { context, count, judged, ms, seconds, type Section } from "./report";

export interface NewsletterSettings {
  subscribers: number;
  /** Gives up waiting for the sender after this long. */
  timeoutMs: number;
}

export const STANDARD_NEWSLETTER: NewsletterSettings = { subscribers: 10_000, timeoutMs: 15 * 60_000 };
export const QUICK_NEWSLETTER: NewsletterSettings = { subscribers: 1_000, timeoutMs: 5 * 60_000 };

const TARGET = { messages: 10_000, seconds: 60 };
const TARGET_RATE = TARGET.messages / TARGET.seconds;
const DIGEST_ARTICLES = 50;
const POLL_MS = 250;

interface Sink {
  url: string;
  accepted(): number;
  stop(): Promise<void>;
}

/** Starts bench/lib/smtp-sink-process.ts with tsx and reads its address and running count. */
async function startSinkProcess(root: string): Promise<Sink> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "bench", "lib", "smtp-sink-process.ts")],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let accepted = 0;
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`The SMTP sink stopped (${code}) before it listened.`)));
    lines.on("line", (line) => {
      const message = JSON.parse(line) as { url?: string; accepted?: number };
      if (message.url) resolve(message.url);
      if (message.accepted !== undefined) accepted = message.accepted;
    });
  });
  return {
    url,
    accepted: () => accepted,
    async stop() {
      // Its last count line comes within 100 ms of the last message.
      await sleep(300);
      await stopProcess(child);
    },
  };
}

interface DeliveryCounts {
  pending: number;
  sending: number;
  sent: number;
  failed: number;
  skipped: number;
}

interface SendOutcome {
  recipients: number;
  freezeMs: number;
  totalMs: number;
  counts: DeliveryCounts;
  timedOut: boolean;
}

/** Freezes the weekly digest with the app's services and waits until the sender has no delivery left. */
async function sendDigest(root: string, dataDir: string, sinkUrl: string, settings: NewsletterSettings): Promise<SendOutcome> {
  const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    // generate-data makes 90% of subscribers active; here every one of them is.
    await database.db.execute(sql`update newsletter_subscribers set status = 'active'`);
    const config = loadConfig(
      {
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        SMTP_URL: sinkUrl,
        SITE_URL: "https://news.example.com",
        SEED_CONTENT: "none",
      },
      (value) => path.resolve(root, value),
    );
    // Warnings (a refused message, say) go to stderr with the progress, not into the report on stdout.
    const logger = pino({ level: "warn" }, pino.destination(2));
    const services = createServices({ config, database, logger, clock: systemClock });
    services.newsletter.start({ exclusive: true });
    try {
      log(`Newsletter: freezing the weekly digest for ${count(settings.subscribers)} subscribers and sending it.`);
      const startedAt = performance.now();
      const issue = await services.newsletter.sendWeeklyDigest(new Date());
      const freezeMs = performance.now() - startedAt;
      if (!issue) throw new Error("The weekly digest was not made (see the warnings above).");
      let lastReport = 0;
      for (;;) {
        const { rows } = await database.db.execute<{ status: keyof DeliveryCounts; deliveries: number }>(
          sql`select status, count(*)::int as deliveries from newsletter_deliveries where issue_id = ${issue.issueId} group by status`,
        );
        const counts: DeliveryCounts = { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
        for (const row of rows) counts[row.status] = row.deliveries;
        const totalMs = performance.now() - startedAt;
        const timedOut = totalMs > settings.timeoutMs;
        if (counts.pending + counts.sending === 0 || timedOut)
          return { recipients: issue.recipients, freezeMs, totalMs, counts, timedOut };
        if (totalMs - lastReport > 5_000) {
          lastReport = totalMs;
          log(`  ${count(counts.sent)} sent, ${count(counts.failed)} failed after ${seconds(totalMs)}`);
        }
        await sleep(POLL_MS);
      }
    } finally {
      await services.newsletter.stop();
    }
  } finally {
    await database.close();
  }
}

export async function measureNewsletter(root: string, settings: NewsletterSettings): Promise<Section> {
  const dataDir = path.join(benchDataDir(root), "newsletter");
  // A fresh database each run: the week's digest can be made once per database.
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  await generateData(root, { dataDir }, DIGEST_ARTICLES, settings.subscribers);

  const sink = await startSinkProcess(root);
  const outcome = await sendDigest(root, dataDir, sink.url, settings).finally(() => sink.stop());
  const { recipients, freezeMs, totalMs, counts, timedOut } = outcome;
  log(`  done: ${count(counts.sent)} sent in ${seconds(totalMs)}`);

  const rate = counts.sent / (totalMs / 1000);
  const standard = settings.subscribers === TARGET.messages;
  const timeLabel = `${count(recipients)} messages: total time, freeze to last delivery recorded`;
  const shownTime = `${seconds(totalMs)}${timedOut ? ` (gave up: ${count(counts.pending + counts.sending)} still pending)` : ""}`;
  const rateLabel = "Messages per second";
  const allSent = counts.sent === recipients && counts.failed === 0 && sink.accepted() === recipients;
  return {
    title: "Newsletter sending",
    figures: [
      standard
        ? judged(
            timeLabel,
            shownTime,
            `< ${TARGET.seconds} s for ${count(TARGET.messages)}`,
            !timedOut && totalMs < TARGET.seconds * 1000,
          )
        : context(timeLabel, shownTime),
      standard
        ? context(rateLabel, `${rate.toFixed(1)} msg/s`)
        : judged(
            rateLabel,
            `${rate.toFixed(1)} msg/s`,
            `≥ ${TARGET_RATE.toFixed(1)} msg/s (10,000 in 60 s)`,
            rate >= TARGET_RATE,
          ),
      context("Freeze (the digest written from excerpts and one delivery row per subscriber)", ms(freezeMs)),
      judged(
        "Outcome",
        `${count(counts.sent)} sent, ${count(counts.failed)} failed, ${count(counts.skipped)} skipped; ${count(sink.accepted())} accepted by the sink`,
        `all ${count(recipients)} sent and accepted`,
        allSent,
      ),
    ],
    notes: [
      `A fresh embedded database (bench/.data/newsletter) from bench/generate-data.ts with ${DIGEST_ARTICLES} articles and ` +
        `${count(settings.subscribers)} subscribers, all made active. The app's services (\`createServices\`) run in this ` +
        `process as in the server: \`newsletter.start()\`, then \`sendWeeklyDigest(new Date())\` (no AI key: written from the ` +
        `articles' excerpts), then the sender works until no delivery is pending, ${SEND_CONCURRENCY} messages in flight over ` +
        "pooled SMTP connections. The SMTP server is the test suite's sink (tests/fakes/smtp-sink.ts) in a process of its own, " +
        "which parses every message. Deliveries are counted from the database every 250 ms.",
    ],
  };
}
