import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { cleanUpContent } from "../../app/services/generation/content-cleanup.server";
import { interruptedNotice } from "../../app/services/generation/generation-job-outcome.server";
import { SEND_CONCURRENCY } from "../../app/services/newsletter/newsletter.server";
import { articleBody, articleReply, SERVER_KEY, type Story } from "../e2e/generation-support";
import {
  startChatCompletionsServer,
  type ChatCompletionRequest,
  type ChatCompletionsServer,
} from "../fakes/chat-completions-server";
import { header, startSmtpSink, type SmtpSink } from "../fakes/smtp-sink";
import { startNewsFixtures, type NewsFixtures } from "../support/news-fixtures";
import { seededRandom } from "../support/seeded-random";
import { errorLogLines, startServer, type ServerProcess } from "../support/server-process";
import { signInOverHttp } from "../support/sign-in";
import { waitFor } from "../support/wait-for";
import { fetchWithin, logEntries, postForm, stopWithin, visibleText } from "./faults-support";

/**
 * Fault point: kill -9 during a newsletter send and during a batch generation, five times each, on the
 * embedded database (DATA_DIR), whose lock a killed process leaves behind. After every kill a new server starts on
 * the same data: it must take the lock over, and nothing is lost and nothing stays running forever.
 *
 * Newsletter (decision 010): one issue to 500 subscribers through the SMTP sink, the server killed five times
 * while messages arrive, a new server each time. Everyone gets the issue; the only repeats are messages that
 * were in flight at a kill (at most the sender's 5 connections per kill), with the same Message-ID; every delivery
 * ends sent, none pending or claimed; the issue is marked sent.
 *
 * Generation (decision 009): five batches of three, each killed at a different moment (while the model writes
 * the first article, the instant a draft is saved, in the pause between articles, while the model writes the
 * third, at a random moment). A job whose process died is marked interrupted as soon as the next server starts,
 * with the spec-style text saying how many drafts it made; no job stays running; every draft it saved before the
 * kill is there and whole, and there is no draft that no job accounts for.
 */

const ADMIN = { username: `faults-editor-${process.pid}`, password: "faults editor correct horse battery" };
const KILLS = 5;
/** The kill moments are drawn from this; its seed is printed, and TEST_RANDOM_SEED replays it. */
const random = seededRandom("faults-kill");
/** How long a server may take to die after SIGKILL. */
const EXIT_TIMEOUT_MS = 10_000;

const directories: string[] = [];
const servers: ServerProcess[] = [];

function temporaryDirectory(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `byline-faults-${name}-`));
  directories.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer(env);
  servers.push(server);
  return server;
}

/** SIGKILL, then waits (bounded) until the process is gone. */
async function killHard(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once("exit", () => resolve()));
  server.child.kill("SIGKILL");
  await Promise.race([
    exited,
    new Promise((_, reject) => setTimeout(() => reject(new Error("The killed server did not exit")), EXIT_TIMEOUT_MS)),
  ]);
}

/** The embedded database's lock file names the process that holds it (app/db/client.server.ts). */
function expectLockHeldBy(dataDir: string, server: ServerProcess): void {
  const lockFile = path.join(dataDir, "db.lock");
  expect(existsSync(lockFile), "the embedded database is locked").toBe(true);
  expect(readFileSync(lockFile, "utf8"), "the lock left by the killed process was taken over").toBe(String(server.child.pid));
}

/** Opens the embedded database of a stopped server, to read what it left. */
async function withEmbeddedDatabase<T>(dataDir: string, read: (query: <Row>(text: string) => Promise<Row[]>) => Promise<T>) {
  const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    return await read(async <Row>(text: string) => (await database.db.execute(sql.raw(text))).rows as Row[]);
  } finally {
    await database.close();
  }
}

afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) await killHard(server).catch(() => undefined);
  }
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

describe("kill -9 during a newsletter send, five times", () => {
  const SUBSCRIBERS = Array.from(
    { length: 500 },
    (_, index) => `killed-reader-${String(index + 1).padStart(3, "0")}@example.com`,
  );
  const SUBJECT = "Five Stories That Survived Five Crashes of the Newsroom Server";
  let sink: SmtpSink;
  let chat: ChatCompletionsServer;
  let dataDir: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    chat = await startChatCompletionsServer({ apiKey: SERVER_KEY });
    dataDir = temporaryDirectory("newsletter");
  });

  afterAll(async () => {
    await chat?.close();
    await sink?.close();
  });

  /** The model's digest: a summary for every article the prompt lists ("[n] id: 12"). */
  function digestReply(request: ChatCompletionRequest) {
    const prompt = String(request.body.messages[0]?.content ?? "");
    const ids = [...prompt.matchAll(/^\[\d+\] id: (\d+)$/gm)].map(([, id]) => Number(id));
    return {
      content: JSON.stringify({
        subject: SUBJECT,
        intro: "The newsroom's server was stopped without warning five times while this issue was going out.",
        summaries: ids.map((id) => ({
          id,
          summary: `Article ${id} in two sentences. It matters to every reader of the digest.`,
        })),
      }),
    };
  }

  it("finishes the issue: every subscriber gets it, repeats only for messages in flight at a kill, every delivery sent", async () => {
    const started = Date.now();
    const env = {
      DATA_DIR: dataDir,
      SEED_CONTENT: "demo",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: sink.url,
      OPENAI_BASE_URL: chat.url,
      OPENAI_API_KEY: SERVER_KEY,
      // Readers are active at once, as in the spec: this test is about kills while sending.
      NEWSLETTER_DOUBLE_OPT_IN: "false",
    };
    const newsletterServers: ServerProcess[] = [];
    const startNewsletterServer = async () => {
      const launched = await start(env);
      newsletterServers.push(launched);
      return launched;
    };
    let server = await startNewsletterServer();

    // Readers sign up as the site's form does, ten per client address (the sign-up limit per address).
    const batches = Array.from({ length: SUBSCRIBERS.length / 10 }, (_, batch) => SUBSCRIBERS.slice(batch * 10, batch * 10 + 10));
    await Promise.all(
      batches.map(async (batch, index) => {
        for (const email of batch) {
          const response = await fetch(`${server.url}/newsletter`, {
            method: "POST",
            body: new URLSearchParams({ email }),
            headers: { Origin: new URL(server.url).origin, "X-Forwarded-For": `203.0.113.${index + 1}` },
            redirect: "manual",
          });
          expect(response.status, `the sign-up of ${email}`).toBe(200);
          await response.arrayBuffer();
        }
      }),
    );
    const signedUp = Date.now();

    // The editor generates the digest and sends it, through the tab's own forms.
    const cookie = await signInOverHttp(server.url, ADMIN);
    chat.script(digestReply);
    const generated = await postForm(server.url, "/admin/newsletter", cookie, { intent: "generate", model: "gpt-4o" });
    expect(generated.status).toBe(200);
    expect(visibleText(await generated.text())).toContain(`Newsletter generated: “${SUBJECT}”. Preview it, then send it.`);
    const tab = await (await fetch(`${server.url}/admin/newsletter`, { headers: { Cookie: cookie } })).text();
    const draftId = /name="draftId" value="(\d+)"/.exec(tab)?.[1];
    expect(draftId, "the tab holds the draft to send").toBeDefined();
    const sent = await postForm(server.url, "/admin/newsletter", cookie, { intent: "send", draftId: draftId! });
    expect(sent.status).toBe(200);
    expect(visibleText(await sent.text())).toContain("Sending the newsletter to 500 active subscribers.");

    // Five times: let some messages arrive, kill the server in the middle of it, start a new one on the same data.
    const rounds: { from: number; to: number; recoveredClaims: number }[] = [];
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const from = rounds.at(-1)?.to ?? 0;
      const target = sink.messages.length + 20 + Math.floor(random() * 30);
      await sink.waitForMessages(target, 30_000);
      await killHard(server);
      // A message whose DATA was complete before the kill may still be parsed by the sink: count it in this round,
      // once the sink has seen every connection of the killed server close.
      await sink.waitUntilIdle(10_000);
      const to = sink.messages.length;
      const reached = new Set(sink.messages.map((message) => message.envelope.to.join(","))).size;
      expect(reached, `kill ${kill} landed before the issue was complete`).toBeLessThan(SUBSCRIBERS.length);
      server = await startNewsletterServer();
      expectLockHeldBy(dataDir, server);
      const recovered = logEntries(server.output()).find(
        (entry) => entry.msg === "newsletter deliveries of a stopped sender will be sent again",
      );
      rounds.push({ from, to, recoveredClaims: Number(recovered?.count ?? 0) });
    }

    // The last server finishes the issue; the tab says so (the session survived every restart: it is a row).
    const finished = await waitFor(
      "the last server finishes the issue",
      async () => {
        const response = await fetch(`${server.url}/admin/newsletter`, { headers: { Cookie: cookie } });
        expect(response.status).toBe(200);
        const text = visibleText(await response.text());
        return text.includes("Newsletter sent") && text.includes("500 sent, 0 failed, 0 pending of 500 recipients.")
          ? text
          : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(finished).toContain("Sent from this tab");
    const sendDuration = Date.now() - signedUp;
    expect(await stopWithin(server), "the last server stops cleanly").toBe(0);

    // Everyone got the issue, with their own headers; repeats only for messages in flight at a kill.
    const copies = new Map<string, { messageId: string; index: number }[]>();
    sink.messages.forEach((message, index) => {
      expect(message.parsed.subject).toBe(SUBJECT);
      const to = message.envelope.to.join(",");
      copies.set(to, [...(copies.get(to) ?? []), { messageId: header(message, "message-id") ?? "", index }]);
    });
    expect([...copies.keys()].sort(), "every subscriber received the issue").toEqual(SUBSCRIBERS);
    const repeated = [...copies.entries()].filter(([, received]) => received.length > 1);
    for (const [to, received] of repeated) {
      expect(new Set(received.map((copy) => copy.messageId)).size, `${to}'s copies share one Message-ID`).toBe(1);
    }
    const duplicates = sink.messages.length - SUBSCRIBERS.length;
    expect(duplicates, `at most ${SEND_CONCURRENCY} repeats per kill`).toBeLessThanOrEqual(SEND_CONCURRENCY * KILLS);
    for (const [round, { from, to }] of rounds.entries()) {
      // Recipients whose message reached the sink during this server's life and reached it again later.
      const resent = new Set(
        sink.messages
          .slice(from, to)
          .map((message) => message.envelope.to.join(","))
          .filter((recipient) => copies.get(recipient)!.some((copy) => copy.index >= to)),
      );
      expect(resent.size, `kill ${round + 1}: only the messages in flight went out again`).toBeLessThanOrEqual(SEND_CONCURRENCY);
    }

    // In the database: every delivery sent, none pending or claimed; the issue finished.
    const state = await withEmbeddedDatabase(dataDir, async (query) => ({
      issue: await query<{ status: string; finished: boolean }>(
        `select status, finished_at is not null as finished from newsletter_issues where id = ${Number(draftId)}`,
      ),
      deliveries: await query<{ status: string; count: number; claimed: number; errors: number; max_attempts: number }>(
        `select status, count(*)::int as count, count(claim_token)::int as claimed, count(last_error)::int as errors,
           max(attempts)::int as max_attempts
         from newsletter_deliveries where issue_id = ${Number(draftId)} group by status`,
      ),
    }));
    expect(state.issue).toEqual([{ status: "sent", finished: true }]);
    expect(state.deliveries).toEqual([{ status: "sent", count: 500, claimed: 0, errors: 0, max_attempts: 1 }]);

    for (const server of newsletterServers) expect(errorLogLines(server.output()), "no error was logged").toEqual([]);
    console.log(
      JSON.stringify({
        subscribers: SUBSCRIBERS.length,
        messages: sink.messages.length,
        duplicates,
        repeatedRecipients: repeated.length,
        kills: rounds.map(({ from, to, recoveredClaims }) => ({ received: to - from, recoveredClaims })),
        sendWithKillsMs: sendDuration,
        totalMs: Date.now() - started,
      }),
    );
  });
});

describe("kill -9 during a batch generation, five times", () => {
  let chat: ChatCompletionsServer;
  let news: NewsFixtures;
  let dataDir: string;

  /** Distinct stories, so the duplicate check lets every one through. One is drawn per completion request. */
  const STORIES: Story[] = [
    [
      "Quantum Annealers Trim Delivery Routes for Grocery Fleets",
      "Logistics planners report shorter van rounds after trials with annealing hardware.",
    ],
    [
      "Satellite Broadband Reaches Remote Alpine Observatories",
      "Astronomers above the tree line finally stream telescope data without couriering disks.",
    ],
    [
      "Wearable Sweat Sensors Warn Marathon Runners of Dehydration",
      "A flexible patch reads electrolytes and buzzes before cramps begin.",
    ],
    [
      "Rural Libraries Lend Refurbished Laptops to Farming Families",
      "Donated machines, repaired by volunteers, now travel home with agricultural students.",
    ],
    [
      "Open Hardware Tractor Controllers Gain Insurance Approval",
      "Underwriters accepted community-designed firmware after independent safety audits.",
    ],
    [
      "Submarine Cable Repair Ships Adopt Autonomous Splicing Arms",
      "Robotic arms cut repair windows for damaged transoceanic fibre from days to hours.",
    ],
    [
      "Museum Archives Digitise Fragile Wax Cylinder Recordings",
      "Laser scanning recovers century-old folk songs without touching brittle grooves.",
    ],
    [
      "Hospital Pharmacies Track Insulin Cold Chains With Tiny Tags",
      "Battery-free labels log temperature excursions from warehouse to bedside fridge.",
    ],
    [
      "Volcanologists Deploy Drone Swarms Above Icelandic Fissures",
      "Coordinated quadcopters map lava channels while crews stay kilometres away.",
    ],
    [
      "Municipal Buses Switch Ticket Validators to Offline Cryptography",
      "Validators keep checking passes during mobile outages using signed tokens.",
    ],
    [
      "Vineyards Predict Frost Nights With Cheap Soil Probes",
      "Growers light fewer heaters after probes forecast cold pockets along slopes.",
    ],
    [
      "Court Stenographers Test Speech Engines for Dialect Accuracy",
      "Transcription trials measured errors across regional accents in real hearings.",
    ],
    [
      "Glacier Monitoring Stations Survive Winter on Hydrogen Cells",
      "Fuel cells replaced diesel generators at unmanned research huts.",
    ],
    [
      "Textile Mills Recycle Dye Water Through Ceramic Membranes",
      "Filtration lets factories reuse rinse water and cut river discharge.",
    ],
    [
      "Chess Federations Screen Tournaments for Concealed Earpieces",
      "Arbiters now sweep playing halls with radio scanners before each round.",
    ],
    [
      "Beekeepers Count Hive Traffic With Entrance Cameras",
      "Small vision boards tally foragers and flag colonies losing strength.",
    ],
    [
      "Railway Signalling Upgrade Lets Freight Trains Run Closer",
      "Moving-block control squeezes extra cargo paths onto crowded corridors.",
    ],
    [
      "Deep Sea Mapping Robots Chart Unexplored Trench Walls",
      "Autonomous vehicles returned sonar images of cliffs never seen before.",
    ],
    [
      "Public Radio Stations Share One Cloud Playout System",
      "Small broadcasters pooled automation to keep programmes running overnight.",
    ],
    [
      "Architects Model Timber Towers Against Century Storm Winds",
      "Simulations helped engineers brace tall wooden frames for extreme gusts.",
    ],
  ].map(([title, excerpt]) => ({ title: title!, excerpt: excerpt! }));
  let nextStory = 0;
  /** How long the fake model takes to answer; raised for the kills that land mid-call. */
  let replyDelayMs = 200;

  beforeAll(async () => {
    chat = await startChatCompletionsServer({ apiKey: SERVER_KEY });
    news = await startNewsFixtures({ now: new Date() });
    dataDir = temporaryDirectory("generation");
  });

  afterAll(async () => {
    await chat?.close();
    await news?.close();
  });

  /** Keeps three replies scripted; each one writes the next unused story, after `replyDelayMs`. */
  function scriptReplies(): void {
    while (chat.pendingReplies() < 3) {
      chat.script(() => {
        const story = STORIES[nextStory++];
        if (!story) throw new Error("The test ran out of stories");
        return articleReply(story, { delayMs: replyDelayMs });
      });
    }
  }

  const completions = () =>
    chat.requests.filter((request) => request.method === "POST" && request.path.endsWith("/chat/completions"));
  const savedDrafts = (server: ServerProcess) =>
    logEntries(server.output())
      .filter((entry) => entry.msg === "generated a draft")
      .map((entry) => Number(entry.articleId));

  it("marks every killed job interrupted at the next start, keeps the drafts it made, and leaves no draft unaccounted for", async () => {
    const started = Date.now();
    const env = {
      DATA_DIR: dataDir,
      SEED_CONTENT: "none",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      NEWS_FEEDS_FILE: news.feedsFile,
      OPENAI_BASE_URL: chat.url,
      OPENAI_API_KEY: SERVER_KEY,
      GENERATION_SPACING_MS: "1500",
      // Info: each saved draft is logged with its id, so the test knows what was finished before a kill.
      LOG_LEVEL: "info",
    };
    const generationServers: ServerProcess[] = [];
    const startGenerationServer = async () => {
      const launched = await start(env);
      generationServers.push(launched);
      return launched;
    };
    let server = await startGenerationServer();
    const cookie = await signInOverHttp(server.url, ADMIN);

    /** Starts a batch of three through the tab's form; resolves once the server has accepted it. */
    async function startBatch(): Promise<void> {
      scriptReplies();
      const response = await postForm(server.url, "/admin/generate", cookie, {
        intent: "generate",
        category: "AI",
        model: "gpt-4o",
        count: "3",
      });
      expect(response.status, "the batch is accepted").toBe(303);
    }

    /** A moment to kill at: `when` resolves at that moment; `delayMs` is how long the fake model takes meanwhile. */
    type KillPoint = { name: string; delayMs: number; when: (server: ServerProcess, requestsBefore: number) => Promise<void> };
    const afterRequest = (n: number) => (_: ServerProcess, before: number) =>
      waitFor(`completion request ${n} of the batch`, () => (completions().length >= before + n ? true : undefined), {
        timeoutMs: 20_000,
        intervalMs: 10,
      }).then(() => undefined);
    const afterDrafts =
      (n: number, pauseMs = 0) =>
      (server: ServerProcess) =>
        waitFor(`draft ${n} of the batch saved`, () => (savedDrafts(server).length >= n ? true : undefined), {
          timeoutMs: 20_000,
          intervalMs: 10,
        }).then(() => new Promise<void>((resolve) => setTimeout(resolve, pauseMs)));
    /**
     * Kills from inside the handler of the server's output, the moment the line saying a draft was saved arrives:
     * the job may then be between saving the draft and recording it in its list. Both must survive, or neither.
     */
    const theInstantADraftIsSaved = (server: ServerProcess) =>
      new Promise<void>((resolve, reject) => {
        let seen = "";
        const timer = setTimeout(() => reject(new Error("No draft was saved within 20 s")), 20_000);
        const onData = (chunk: Buffer) => {
          seen += chunk.toString();
          if (!seen.includes('"msg":"generated a draft"')) return;
          server.child.kill("SIGKILL");
          server.child.stdout?.off("data", onData);
          clearTimeout(timer);
          resolve();
        };
        server.child.stdout?.on("data", onData);
      });
    const KILL_POINTS: KillPoint[] = [
      { name: "while the model writes the first article", delayMs: 5_000, when: afterRequest(1) },
      { name: "the instant the first draft is saved", delayMs: 200, when: theInstantADraftIsSaved },
      { name: "in the pause between two articles", delayMs: 200, when: afterDrafts(1, 700) },
      { name: "while the model writes the third article", delayMs: 5_000, when: afterRequest(3) },
      {
        name: "at a random moment",
        delayMs: 200,
        when: () => new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 3_500))),
      },
    ];

    const rounds: { point: string; savedBeforeKill: number[]; status: string; made: number }[] = [];
    for (const point of KILL_POINTS) {
      replyDelayMs = point.delayMs;
      const before = completions().length;
      await startBatch();
      await point.when(server, before);
      await killHard(server);
      const savedBeforeKill = savedDrafts(server);
      server = await startGenerationServer();
      expectLockHeldBy(dataDir, server);

      // The next server marks the dead process's job interrupted at once, saying what it made.
      const tab = await waitFor(
        `the job killed ${point.name} is settled by the next server`,
        async () => {
          const response = await fetchWithin(`${server.url}/admin/generate`, 5_000, { headers: { Cookie: cookie } });
          const text = visibleText(await response.text());
          return /(Interrupted|Succeeded) \(\d of 3\)/.test(text) && !/\b(Running|Queued) \(/.test(text) ? text : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 250 },
      );
      const [, status, made] = /(Interrupted|Succeeded) \((\d) of 3\)/.exec(tab)!;
      rounds.push({ point: point.name, savedBeforeKill, status: status!, made: Number(made) });
      if (status === "Interrupted") {
        expect(tab).toContain("Generation Interrupted");
        expect(tab).toContain(interruptedNotice(Number(made), 3).message);
      } else {
        // Only a random kill may come after the batch finished.
        expect(point.name).toBe("at a random moment");
      }
      // Whatever was saved before the kill is counted by the job. A kill can also land after a draft is committed and
      // before its log line has left the process: that draft is kept and counted too, unlogged, so the job may count
      // one more than the log showed (and never fewer).
      expect
        .soft(
          Number(made) - savedBeforeKill.length,
          `the job killed ${point.name} counts the drafts saved before the kill (${savedBeforeKill}), and at most one whose log line the kill cut off`,
        )
        .toBeOneOf([0, 1]);
    }

    // The fifth restarted server is healthy: a batch runs to the end.
    replyDelayMs = 100;
    await startBatch();
    await waitFor(
      "a batch after five kills completes",
      async () => {
        const response = await fetchWithin(`${server.url}/admin/generate`, 5_000, { headers: { Cookie: cookie } });
        const text = visibleText(await response.text());
        return text.includes("Articles Generated") && text.includes("Succeeded (3 of 3)") ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(await stopWithin(server), "the last server stops cleanly").toBe(0);

    // In the database: every job settled with its message, and every draft whole and accounted for by its job.
    const { jobs, drafts } = await withEmbeddedDatabase(dataDir, async (query) => ({
      jobs: await query<{
        id: number;
        status: string;
        count: number;
        article_ids: number[];
        outcome: { message: string } | null;
        finished: boolean;
      }>("select id, status, count, article_ids, outcome, finished_at is not null as finished from generation_jobs order by id"),
      drafts: await query<{
        id: number;
        title: string;
        excerpt: string;
        content: string;
        published: boolean;
        ai: boolean;
        sources: string;
      }>(
        "select id, title, excerpt, content, published_at is not null as published, is_ai_generated as ai, sources from articles order by id",
      ),
    }));
    expect(jobs).toHaveLength(KILL_POINTS.length + 1);
    for (const job of jobs) {
      expect(["interrupted", "succeeded"], `job ${job.id} ended`).toContain(job.status);
      expect(job.finished, `job ${job.id} has an end time`).toBe(true);
      expect(job.outcome, `job ${job.id} says how it ended`).not.toBeNull();
      if (job.status === "interrupted")
        expect(job.outcome!.message).toBe(interruptedNotice(job.article_ids.length, job.count).message);
      else expect(job.article_ids).toHaveLength(job.count);
    }
    const accounted = jobs.flatMap((job) => job.article_ids).sort((a, b) => a - b);
    expect(
      drafts.map((draft) => draft.id),
      "every draft belongs to a job, and every job's draft exists",
    ).toEqual(accounted);
    const everySaved = [...new Set(generationServers.flatMap(savedDrafts))].sort((a, b) => a - b);
    expect(
      everySaved.filter((id) => !accounted.includes(id)),
      "every draft saved before a kill is still there",
    ).toEqual([]);
    // A draft no log line names was committed just before a kill cut off its line: it can only be its job's last.
    const lastOfItsJob = new Set(jobs.map((job) => job.article_ids.at(-1)));
    expect(
      accounted.filter((id) => !everySaved.includes(id) && !lastOfItsJob.has(id)),
      "a draft that was never logged is the last its job made",
    ).toEqual([]);
    for (const draft of drafts) {
      const story = STORIES.find((candidate) => candidate.title === draft.title);
      expect(story, `draft ${draft.id} is one of the model's stories`).toBeDefined();
      expect(draft.excerpt).toBe(story!.excerpt);
      const whole = cleanUpContent(articleBody(story!), { provider: "openai", excerpt: story!.excerpt });
      expect(draft.content, `draft ${draft.id} is whole`).toBe(whole);
      expect([draft.published, draft.ai], `draft ${draft.id} is an unpublished AI draft`).toEqual([false, true]);
      expect(draft.sources).not.toBe("");
    }

    for (const server of generationServers) expect(errorLogLines(server.output()), "no error was logged").toEqual([]);
    console.log(
      JSON.stringify({
        rounds: rounds.map(({ point, status, made, savedBeforeKill }) => ({
          point,
          status,
          made,
          savedBeforeKill: savedBeforeKill.length,
        })),
        jobs: jobs.map((job) => `${job.status} ${job.article_ids.length}/${job.count}`),
        drafts: drafts.length,
        totalMs: Date.now() - started,
      }),
    );
  });
});
