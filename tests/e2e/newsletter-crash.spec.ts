import { rmSync } from "node:fs";
import type { Socket } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { startChatCompletionsServer, type ChatCompletionsServer } from "../fakes/chat-completions-server";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, logEntries, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { waitForHydrated, waitForModal, type AdminAccount } from "./article-admin-support";
import { expect, test } from "./fixtures";
import { SERVER_KEY } from "./generation-support";
import {
  cardValues,
  digestReply,
  historyRow,
  newsletterTab,
  openNewsletterTab,
  progressLine,
  signUpReaders,
} from "./newsletter-support";

/**
 * The sender survives a crash. 300 readers are subscribed; the editor sends the digest through a slow
 * SMTP server, and the server process is killed (SIGKILL) a third of the way through. A new server on the same
 * data directory finishes the issue: everyone gets the newsletter, and only the messages that were in flight
 * at the kill (at most the sender's 5 connections) arrive twice.
 */

const admin: AdminAccount = { username: `newsletter-crash-${process.pid}`, password: "newsletter crash correct horse battery" };
const SUBJECT = "Five Stories That Shaped the Week, Delivered Whatever Happens";
const SUBSCRIBERS = Array.from({ length: 300 }, (_, index) => `crash-reader-${String(index + 1).padStart(3, "0")}@example.com`);
/** The kill lands when this many messages have reached the SMTP server: some, not all. */
const KILL_AT = 100;
/** How long the SMTP server takes to answer each message. */
const SMTP_DELAY_MS = 20;
/** The sender's SEND_CONCURRENCY: messages in flight at once, so the most that can arrive twice. */
const IN_FLIGHT = 5;

/** What the slow SMTP server recorded of one message. */
interface ReceivedMessage {
  to: string;
  messageId: string;
  subject: string;
}

interface SlowSmtpServer {
  url: string;
  received: ReceivedMessage[];
  /**
   * Starts answering: until then every message waits at the end of its DATA. `onReceived` runs the moment a
   * message has fully arrived, before the server answers it.
   */
  open(onReceived?: (count: number) => void): void;
  close(): Promise<void>;
}

/** The first value of a header in a raw message's header block, unfolded. */
function rawHeader(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
}

/**
 * An SMTP server that takes its time: it holds every message until `open()`, then answers each one
 * SMTP_DELAY_MS after it arrived, as a busy relay does. A message counts as received once its DATA is
 * complete, as a real server queues it then, whether or not the client is still there for the answer.
 */
async function startSlowSmtpServer(): Promise<SlowSmtpServer> {
  const received: ReceivedMessage[] = [];
  const sockets = new Set<Socket>();
  let onReceived: (count: number) => void = () => {};
  let openGate: () => void = () => {};
  const gate = new Promise<void>((resolve) => (openGate = resolve));

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error: Error) => callback(error));
      stream.on("end", () => {
        void gate.then(() => {
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(","),
            messageId: rawHeader(raw, "Message-ID"),
            subject: rawHeader(raw, "Subject"),
          });
          onReceived(received.length);
          setTimeout(() => callback(null), SMTP_DELAY_MS);
        });
      });
    },
  });
  // A client killed mid-conversation resets its sockets; the server reports that here.
  server.on("error", () => {});
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    open(hook) {
      if (hook) onReceived = hook;
      openGate();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

let dir: string;
let smtp: SlowSmtpServer;
let chat: ChatCompletionsServer;
const servers: ServerProcess[] = [];

function serverEnv(): Record<string, string> {
  return {
    DATA_DIR: dir,
    SEED_CONTENT: "demo",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: smtp.url,
    OPENAI_BASE_URL: chat.url,
    OPENAI_API_KEY: SERVER_KEY,
    // The readers sign up as the spec did (active at once): this file is about a crash while sending.
    NEWSLETTER_DOUBLE_OPT_IN: "false",
  };
}

test.beforeAll(async () => {
  servers.length = 0;
  dir = path.join(PROJECT_ROOT, "tests", ".tmp", `newsletter-crash-${process.pid}-${Date.now().toString(36)}`);
  rmSync(dir, { recursive: true, force: true });
  newDataDir(dir);
  smtp = await startSlowSmtpServer();
  chat = await startChatCompletionsServer({ apiKey: SERVER_KEY });
});

test.afterAll(async () => {
  const codes: (number | null)[] = [];
  for (const server of servers) codes.push(await server.stop());
  await chat?.close();
  await smtp?.close();
  rmSync(dir, { recursive: true, force: true });
  // The first server was killed; the one that finished the issue stops cleanly.
  if (servers.length > 1) expect(codes.at(-1)).toBe(0);
  for (const server of servers) expect(errorLogLines(server.output())).toEqual([]);
});

test("a sender killed mid-issue is finished by the next server: everyone gets it, at most the messages in flight twice", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const first = await startServer(serverEnv());
  servers.push(first);
  // Ten sign-ups per client address and quarter hour: thirty readers' networks.
  await signUpReaders(request, first.url, SUBSCRIBERS, (batch) => `203.0.113.${100 + batch}`);

  await openNewsletterTab(page, first.url, admin);
  const tab = newsletterTab(page);
  await expect(tab.cards).toHaveText(cardValues(300, 300));
  await expect(tab.composer).toContainText("A server key for OpenAI is configured: no API key is needed here.");
  await expect(tab.openaiKey).toHaveCount(0);
  chat.script(digestReply(SUBJECT));
  await tab.generate.click();
  await expect(tab.notice).toHaveText(`Newsletter generated: “${SUBJECT}”. Preview it, then send it.`);
  await expect(tab.subject).toHaveText(`Subject: ${SUBJECT}`);

  await tab.send.click();
  await waitForModal(tab.dialog);
  await expect(tab.dialog).toContainText("Send this newsletter to 300 active subscribers?");
  const sendButton = tab.dialog.getByRole("button", { name: "Send to 300", exact: true });
  await waitForHydrated(sendButton);
  await sendButton.click();
  await expect(tab.notice).toHaveText("Sending the newsletter to 300 active subscribers.");
  // The SMTP server holds every message until it is opened: nothing has gone out yet.
  await expect(tab.progress).toHaveAccessibleName("Sending the newsletter");
  await expect(tab.progress.getByRole("status")).toHaveText(progressLine({ sent: 0, pending: 300, total: 300 }));

  // Leave the tab first, or its progress polling would meet the dead server; then kill it mid-run.
  await page.goto("about:blank");
  const exited = new Promise((resolve) => first.child.once("exit", resolve));
  let receivedAtKill = 0;
  smtp.open((count) => {
    if (count !== KILL_AT) return;
    receivedAtKill = count;
    first.child.kill("SIGKILL");
  });
  await exited;
  expect(receivedAtKill, "the kill landed mid-run").toBe(KILL_AT);
  expect(smtp.received.length, "some messages went out before the kill, not all").toBeLessThan(SUBSCRIBERS.length);

  // A new server on the same data directory picks the issue up where the dead one left it.
  const second = await startServer(serverEnv());
  servers.push(second);
  await openNewsletterTab(page, second.url, admin);
  await expect(tab.progress).toHaveAccessibleName("Newsletter sent", { timeout: 60_000 });
  await expect(tab.progress.getByRole("status")).toHaveText(progressLine({ sent: 300, total: 300 }));
  expect(await historyRow(page, SUBJECT)).toEqual([`${SUBJECT}\nSent from this tab`, "Sent", "300", "0", "0"]);
  await page.goto("about:blank");

  // Every subscriber got the newsletter; the only repeats are messages that were in flight at the kill.
  const copies = new Map<string, ReceivedMessage[]>();
  for (const message of smtp.received) copies.set(message.to, [...(copies.get(message.to) ?? []), message]);
  expect([...copies.keys()].sort()).toEqual(SUBSCRIBERS);
  expect(smtp.received.every((message) => message.subject === SUBJECT)).toBe(true);
  const repeats = [...copies.values()].filter((messages) => messages.length > 1);
  expect(repeats.length, "the message the SMTP server was answering at the kill arrives again").toBeGreaterThanOrEqual(1);
  expect(repeats.length, `at most the ${IN_FLIGHT} messages in flight arrive twice`).toBeLessThanOrEqual(IN_FLIGHT);
  for (const messages of repeats) {
    expect(messages, `${messages[0]!.to} got the newsletter at most twice`).toHaveLength(2);
    // The same Message-ID both times, so a mail client can show it once.
    expect(messages[1]!.messageId).toBe(messages[0]!.messageId);
  }
  // The new server took the dead one's claims over as it started (on the embedded database no other sender can
  // hold them), rather than waiting for them to go stale two minutes after the kill.
  const recoveries = logEntries(second.output()).filter(
    (entry) => entry.msg === "newsletter deliveries of a stopped sender will be sent again",
  );
  expect(
    recoveries.map((entry) => entry.everyClaim),
    "one recovery, of every claim, at start-up",
  ).toEqual([true]);
  expect(recoveries[0]!.count, "the rows the dead server was sending").toBeGreaterThanOrEqual(1);
});
