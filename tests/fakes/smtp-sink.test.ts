import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { header, startSmtpSink, type SmtpSink } from "./smtp-sink";

interface SmtpReply {
  code: number;
  text: string;
}

/** A minimal SMTP client over a raw TCP socket: send a line, read the (possibly multi-line) reply. */
class RawSmtpClient {
  private buffer = "";
  private readonly replies: SmtpReply[] = [];
  private readonly readers: Array<(reply: SmtpReply) => void> = [];
  private lines: string[] = [];

  private constructor(private readonly socket: Socket) {
    socket.setEncoding("utf8");
    socket.on("data", (data: string) => this.onData(data));
  }

  static open(port: number): Promise<RawSmtpClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => resolve(new RawSmtpClient(socket)));
      socket.once("error", reject);
    });
  }

  private onData(data: string): void {
    this.buffer += data;
    let index: number;
    while ((index = this.buffer.indexOf("\r\n")) >= 0) {
      const line = this.buffer.slice(0, index);
      this.buffer = this.buffer.slice(index + 2);
      this.lines.push(line);
      if (/^\d{3}(?: |$)/.test(line)) {
        const reply = { code: Number(line.slice(0, 3)), text: this.lines.map((part) => part.slice(4)).join("\n") };
        this.lines = [];
        const reader = this.readers.shift();
        if (reader) reader(reply);
        else this.replies.push(reply);
      }
    }
  }

  read(): Promise<SmtpReply> {
    const queued = this.replies.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => this.readers.push(resolve));
  }

  async command(line: string): Promise<SmtpReply> {
    this.socket.write(`${line}\r\n`);
    return this.read();
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** Drops the connection with a TCP RST, as a crashed client would. */
  reset(): void {
    this.socket.resetAndDestroy();
  }
}

let sink: SmtpSink | undefined;
const clients: RawSmtpClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await sink?.close();
  sink = undefined;
});

async function start(options?: Parameters<typeof startSmtpSink>[0]): Promise<SmtpSink> {
  sink = await startSmtpSink(options);
  return sink;
}

async function openClient(port: number): Promise<RawSmtpClient> {
  const client = await RawSmtpClient.open(port);
  clients.push(client);
  expect((await client.read()).code).toBe(220);
  expect((await client.command("EHLO client.test")).code).toBe(250);
  return client;
}

const MESSAGE = [
  "Subject: Weekly digest =?UTF-8?Q?=E2=80=94?= issue 12",
  'From: "Byline" <news@byline.test>',
  "To: alice@example.com, bob@example.com",
  "List-Unsubscribe: <https://byline.test/unsubscribe?token=abc>",
  "MIME-Version: 1.0",
  "Content-Type: text/plain; charset=utf-8",
  "Content-Transfer-Encoding: quoted-printable",
  "",
  "Hello readers =E2=80=94 this week in tech.",
  "A long line that is soft-=",
  "wrapped.",
  "..A line starting with a dot.",
].join("\r\n");

describe("startSmtpSink", () => {
  it("exposes host, port and an smtp:// URL", async () => {
    const smtp = await start();
    expect(smtp.host).toBe("127.0.0.1");
    expect(smtp.port).toBeGreaterThan(0);
    expect(smtp.url).toBe(`smtp://127.0.0.1:${smtp.port}`);
  });

  it("records a message sent over a raw SMTP conversation with its envelope, headers and text", async () => {
    const smtp = await start();
    const client = await openClient(smtp.port);
    expect((await client.command("MAIL FROM:<bounces@byline.test>")).code).toBe(250);
    expect((await client.command("RCPT TO:<alice@example.com>")).code).toBe(250);
    expect((await client.command("RCPT TO:<bob@example.com>")).code).toBe(250);
    expect((await client.command("DATA")).code).toBe(354);
    expect((await client.command(`${MESSAGE}\r\n.`)).code).toBe(250);
    expect((await client.command("QUIT")).code).toBe(221);

    const [message] = await smtp.waitForMessages(1, 2_000);
    expect(smtp.messages).toHaveLength(1);
    expect(message?.envelope).toEqual({ from: "bounces@byline.test", to: ["alice@example.com", "bob@example.com"] });
    expect(message?.parsed.subject).toBe("Weekly digest — issue 12");
    expect(message?.parsed.from).toEqual({ name: "Byline", address: "news@byline.test" });
    expect(message?.parsed.to).toEqual([
      { name: "", address: "alice@example.com" },
      { name: "", address: "bob@example.com" },
    ]);
    expect(message?.parsed.text).toBe(
      "Hello readers — this week in tech.\nA long line that is soft-wrapped.\n.A line starting with a dot.\n",
    );
    expect(message?.raw.startsWith("Subject: Weekly digest =?UTF-8?Q?=E2=80=94?= issue 12\r\n")).toBe(true);
    expect(message && header(message, "list-unsubscribe")).toBe("<https://byline.test/unsubscribe?token=abc>");
    expect(message && header(message, "LIST-UNSUBSCRIBE")).toBe("<https://byline.test/unsubscribe?token=abc>");
    expect(message && header(message, "X-Missing")).toBeUndefined();
  });

  it("accepts any credentials over plain-text AUTH PLAIN and does not offer STARTTLS", async () => {
    const smtp = await start();
    const client = await RawSmtpClient.open(smtp.port);
    clients.push(client);
    await client.read();
    const ehlo = await client.command("EHLO client.test");
    expect(ehlo.text).not.toContain("STARTTLS");
    expect(ehlo.text).toContain("AUTH LOGIN PLAIN");
    const credentials = Buffer.from("\0anyone\0whatever").toString("base64");
    expect((await client.command(`AUTH PLAIN ${credentials}`)).code).toBe(235);
  });

  it("failNext(1, 451) fails the next RCPT with 451 and lets the following one through", async () => {
    const smtp = await start();
    smtp.failNext(1, { code: 451, message: "Try again later" });
    const client = await openClient(smtp.port);
    expect((await client.command("MAIL FROM:<bounces@byline.test>")).code).toBe(250);
    expect(await client.command("RCPT TO:<alice@example.com>")).toEqual({ code: 451, text: "Try again later" });
    expect((await client.command("RCPT TO:<alice@example.com>")).code).toBe(250);
    expect((await client.command("DATA")).code).toBe(354);
    expect((await client.command("Subject: retried\r\n\r\nbody\r\n.")).code).toBe(250);

    const [message] = await smtp.waitForMessages(1, 2_000);
    expect(message?.envelope.to).toEqual(["alice@example.com"]);
    expect(message?.parsed.subject).toBe("retried");
  });

  it("failNext also fails DATA when it is the next failable command, and records nothing", async () => {
    const smtp = await start();
    const client = await openClient(smtp.port);
    expect((await client.command("MAIL FROM:<bounces@byline.test>")).code).toBe(250);
    expect((await client.command("RCPT TO:<alice@example.com>")).code).toBe(250);
    smtp.failNext(1, { code: 452, message: "Mailbox full" });
    expect((await client.command("DATA")).code).toBe(354);
    expect(await client.command("Subject: lost\r\n\r\nbody\r\n.")).toEqual({ code: 452, text: "Mailbox full" });
    expect(smtp.messages).toHaveLength(0);
  });

  it("waitForMessages rejects with a clear error naming how many messages arrived", async () => {
    const smtp = await start();
    const started = Date.now();
    await expect(smtp.waitForMessages(2, 100)).rejects.toThrow("Expected 2 SMTP message(s) within 100 ms, but 0 arrived");
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });

  it("waitForMessages resolves when a message arrives later", async () => {
    const smtp = await start();
    const waiting = smtp.waitForMessages(1, 2_000);
    const client = await openClient(smtp.port);
    await client.command("MAIL FROM:<>");
    await client.command("RCPT TO:<carol@example.com>");
    await client.command("DATA");
    expect((await client.command("Subject: late\r\n\r\nhi\r\n.")).code).toBe(250);
    const messages = await waiting;
    expect(messages.map((message) => message.parsed.subject)).toEqual(["late"]);
    expect(messages[0]?.envelope.from).toBe("");
  });

  it("waitUntilIdle waits for a connected client to quit, with its last message recorded", async () => {
    const smtp = await start();
    const client = await openClient(smtp.port);
    await expect(smtp.waitUntilIdle(100)).rejects.toThrow(
      "Expected the SMTP clients to go within 100 ms, but 1 are still connected",
    );
    const idle = smtp.waitUntilIdle(2_000);
    await client.command("MAIL FROM:<a@example.com>");
    await client.command("RCPT TO:<b@example.com>");
    await client.command("DATA");
    expect((await client.command("Subject: last\r\n\r\nbye\r\n.")).code).toBe(250);
    expect((await client.command("QUIT")).code).toBe(221);
    expect((await idle).map((message) => message.parsed.subject)).toEqual(["last"]);
  });

  it("rejects messages larger than maxMessageBytes with 552", async () => {
    const smtp = await start({ maxMessageBytes: 1_000 });
    const client = await openClient(smtp.port);
    expect((await client.command("MAIL FROM:<bounces@byline.test> SIZE=5000")).code).toBe(552);
    expect((await client.command("MAIL FROM:<bounces@byline.test>")).code).toBe(250);
    expect((await client.command("RCPT TO:<alice@example.com>")).code).toBe(250);
    expect((await client.command("DATA")).code).toBe(354);
    const reply = await client.command(`Subject: big\r\n\r\n${"x".repeat(2_000)}\r\n.`);
    expect(reply.code).toBe(552);
    expect(smtp.messages).toHaveLength(0);
  });

  it("survives a client resetting the connection in the middle of DATA and clear() forgets messages", async () => {
    const smtp = await start();
    const dropped = await openClient(smtp.port);
    await dropped.command("MAIL FROM:<a@example.com>");
    await dropped.command("RCPT TO:<b@example.com>");
    await dropped.command("DATA");
    dropped.reset();
    // The sink has seen the reset connection go, and recorded nothing for it.
    expect(await smtp.waitUntilIdle(2_000)).toEqual([]);

    const client = await openClient(smtp.port);
    await client.command("MAIL FROM:<a@example.com>");
    await client.command("RCPT TO:<b@example.com>");
    await client.command("DATA");
    expect((await client.command("Subject: after\r\n\r\nstill alive\r\n.")).code).toBe(250);
    expect(smtp.messages.map((message) => message.parsed.subject)).toEqual(["after"]);
    smtp.clear();
    expect(smtp.messages).toEqual([]);
  });

  it("close() resolves even with a client still connected", async () => {
    const smtp = await start();
    await openClient(smtp.port);
    await smtp.close();
    sink = undefined;
    await expect(RawSmtpClient.open(smtp.port)).rejects.toThrow(/ECONNREFUSED/);
  });
});
