import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

/** One message to one recipient, fully rendered. */
export interface OutgoingMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers: Record<string, string>;
  /** A stable Message-ID, so a message sent twice after a crash can be recognised by clients. */
  messageId: string;
}

export interface Mailer {
  /** "smtp" through SMTP_URL, "outbox" as .eml files in DATA_DIR/outbox. */
  readonly kind: "smtp" | "outbox";
  /** Resolves when the SMTP server accepted the message (or the file is written); rejects with the server's reply. */
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  /** Connections kept open to the SMTP server, which is also how many messages are sent at once. */
  connections: number;
}

/** An SMTP failure worth another attempt: no reply code (connection trouble) or a 4xx reply. */
export function isTransientMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code !== "number" || (code >= 400 && code < 500);
}

/** What is kept of a send failure: the server's reply, never credentials or a stack. */
export function describeMailError(error: unknown): string {
  const { responseCode, response, message } = (error ?? {}) as { responseCode?: unknown; response?: unknown; message?: unknown };
  const reply =
    typeof response === "string" && response !== "" ? response : typeof message === "string" ? message : "unknown error";
  const text = reply.replace(/\/\/[^@\s/]*@/g, "//").slice(0, 500);
  return typeof responseCode === "number" && !text.startsWith(String(responseCode)) ? `${responseCode} ${text}` : text;
}

/**
 * Sends mail through nodemailer: a pooled SMTP transport when SMTP_URL is set, otherwise each message is
 * written as an .eml file to DATA_DIR/outbox (written to a temporary name, then renamed, so a file
 * there is always whole).
 */
export function createMailer({ smtpUrl, from, dataDir, connections }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: connections, maxMessages: 500 });
    return {
      kind: "smtp",
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(dataDir, "outbox");
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "outbox",
    async send(message) {
      const info = await writer.sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const name = message.messageId.replace(/[<>]/g, "").replace(/[^A-Za-z0-9._-]/g, "_");
      const file = path.join(outbox, `${name}.eml`);
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    close: () => writer.close(),
  };
}
