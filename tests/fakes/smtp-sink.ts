import type { Socket } from "node:net";
import PostalMime, { type Email } from "postal-mime";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";

/**
 * A fake SMTP server for tests: accepts every message over plain SMTP (no TLS, any credentials),
 * records it raw and parsed, and can be told to fail the next commands to exercise retries.
 */

/** One message accepted by the sink. */
export interface SmtpMessage {
  /** The SMTP envelope (MAIL FROM / RCPT TO), which may differ from the To/From headers. `from` is "" for a null sender. */
  envelope: { from: string; to: string[] };
  /** The message exactly as received after DATA (headers and body, CRLF line endings). */
  raw: string;
  /** The message parsed by postal-mime: subject, from, to, headers, html, text... */
  parsed: Email;
}

/** An SMTP failure to answer with, e.g. `{ code: 451, message: "Try again later" }` or `{ code: 550, ... }`. */
export interface SmtpFailure {
  code: number;
  message: string;
}

export interface SmtpSinkOptions {
  /** Largest accepted message in bytes; bigger ones get 552. Defaults to 10 MB. */
  maxMessageBytes?: number;
}

export interface SmtpSink {
  host: "127.0.0.1";
  port: number;
  /** `smtp://127.0.0.1:PORT`, usable as an SMTP_URL. */
  url: string;
  /** Accepted messages, in order of arrival. */
  messages: SmtpMessage[];
  /** Resolves with the messages once at least `count` arrived; rejects after `timeoutMs` saying how many did. */
  waitForMessages(count: number, timeoutMs?: number): Promise<SmtpMessage[]>;
  /**
   * Resolves with the messages once no client is connected and every message whose DATA ended is recorded (a client
   * that quit, reset its connection or was killed has been seen to go); rejects after `timeoutMs` saying how many
   * connections are still open.
   */
  waitUntilIdle(timeoutMs?: number): Promise<SmtpMessage[]>;
  /** Makes the next `count` RCPT TO or DATA commands (whichever come first) fail with this reply. */
  failNext(count: number, failure: SmtpFailure): void;
  /** Forgets recorded messages and pending failures. */
  clear(): void;
  /** Stops the server, dropping open client connections. */
  close(): Promise<void>;
}

const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Returns the first value of header `name` (case-insensitive, unfolded), or undefined when absent. */
export function header(message: SmtpMessage, name: string): string | undefined {
  const key = name.toLowerCase();
  return message.parsed.headers.find((entry) => entry.key === key)?.value;
}

function smtpError(failure: SmtpFailure): Error & { responseCode: number } {
  return Object.assign(new Error(failure.message), { responseCode: failure.code });
}

function addressOf(address: SMTPServerAddress | false): string {
  return address === false ? "" : address.address;
}

interface Waiter {
  ready: () => boolean;
  resolve: (messages: SmtpMessage[]) => void;
}

/** Starts the sink on 127.0.0.1 with a random free port. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const messages: SmtpMessage[] = [];
  const failures: SmtpFailure[] = [];
  const waiters = new Set<Waiter>();
  const sockets = new Set<Socket>();
  /** Messages whose DATA ended and that are still being parsed. */
  let parsing = 0;
  const idle = () => sockets.size === 0 && parsing === 0;

  function settleWaiters(): void {
    for (const waiter of waiters) {
      if (waiter.ready()) {
        waiters.delete(waiter);
        waiter.resolve([...messages]);
      }
    }
  }

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    disableReverseLookup: true,
    size: maxMessageBytes,
    rejectOversized: true,
    closeTimeout: 1_000,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "test" });
    },
    onRcptTo(_address, _session, callback) {
      const failure = failures.shift();
      callback(failure ? smtpError(failure) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error: Error) => callback(error));
      stream.on("end", () => {
        if (stream.sizeExceeded) {
          return callback(
            smtpError({ code: 552, message: `Message exceeds fixed maximum message size of ${maxMessageBytes} bytes` }),
          );
        }
        const failure = failures.shift();
        if (failure) return callback(smtpError(failure));
        const raw = Buffer.concat(chunks).toString("utf8");
        const envelope = { from: addressOf(session.envelope.mailFrom), to: session.envelope.rcptTo.map((rcpt) => rcpt.address) };
        parsing += 1;
        PostalMime.parse(raw).then(
          (parsed) => {
            parsing -= 1;
            messages.push({ envelope, raw, parsed });
            settleWaiters();
            callback(null);
          },
          (error: unknown) => {
            parsing -= 1;
            settleWaiters();
            callback(smtpError({ code: 554, message: `Could not parse message: ${String(error)}` }));
          },
        );
      });
    },
  });
  // Connection errors (a client resetting the socket, say) are emitted here; without a listener they would crash the process.
  server.on("error", () => {});
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      settleWaiters();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as { port: number }).port;

  function waitUntil(ready: () => boolean, timeoutMs: number, failure: () => string): Promise<SmtpMessage[]> {
    if (ready()) return Promise.resolve([...messages]);
    return new Promise<SmtpMessage[]>((resolve, reject) => {
      const waiter: Waiter = {
        ready,
        resolve: (arrived) => {
          clearTimeout(timer);
          resolve(arrived);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(failure()));
      }, timeoutMs);
      waiters.add(waiter);
    });
  }

  return {
    host: "127.0.0.1",
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessages(count, timeoutMs = 10_000) {
      return waitUntil(
        () => messages.length >= count,
        timeoutMs,
        () => `Expected ${count} SMTP message(s) within ${timeoutMs} ms, but ${messages.length} arrived`,
      );
    },
    waitUntilIdle(timeoutMs = 10_000) {
      return waitUntil(
        idle,
        timeoutMs,
        () => `Expected the SMTP clients to go within ${timeoutMs} ms, but ${sockets.size} are still connected`,
      );
    },
    failNext(count, failure) {
      for (let index = 0; index < count; index += 1) failures.push({ ...failure });
    },
    clear() {
      messages.length = 0;
      failures.length = 0;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
