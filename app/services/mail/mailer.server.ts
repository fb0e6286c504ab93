import { chmod, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { isPlainMailbox } from "../../validation/email";

/** One message to one recipient, fully rendered. */
export interface OutgoingMessage {
  /** One plain mailbox (validation/email.ts); anything else is refused before it reaches SMTP. */
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
  /** The From header, or a function that gives the one in force (the newsletter's sender is a setting, decision 038). */
  from: string | (() => string);
  /** The Reply-To header in force, if any. */
  replyTo?: () => string | undefined;
  dataDir: string;
  /** Connections kept open to the SMTP server, which is also how many messages are sent at once. */
  connections: number;
}

/** The code of our own refusal of a recipient (nodemailer's codes, such as EENVELOPE for a refused RCPT, differ). */
const NOT_ONE_MAILBOX = "ENOTONEMAILBOX";

/** An SMTP failure worth another attempt: no reply code (connection trouble) or a 4xx reply; never a refused envelope. */
export function isTransientMailError(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (code === NOT_ONE_MAILBOX) return false;
  return typeof responseCode !== "number" || (responseCode >= 400 && responseCode < 500);
}

/**
 * The envelope of a message, set explicitly: MAIL FROM is the sender's address, RCPT TO is exactly the one
 * recipient. Left to itself, nodemailer would derive the envelope from the To header, where a list or a group
 * (`a@x.y, b@x.y` or `g: a@x.y;`) names several recipients. A recipient that is not one plain mailbox is refused
 * (code ENOTONEMAILBOX, never retried), whatever was stored before the address rule was tightened.
 */
function envelopeFor(from: string, message: OutgoingMessage): { from: string; to: string[] } {
  if (!isPlainMailbox(message.to)) {
    throw Object.assign(new Error("The recipient is not one plain mailbox."), { code: NOT_ONE_MAILBOX });
  }
  return { from, to: [message.to] };
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
 * written as an .eml file to DATA_DIR/outbox, readable by the server's user only (written to a temporary name, then renamed, so a file
 * there is always whole). nodemailer is loaded with the first message, not at start-up: only sending
 * needs it (a faster start).
 */
export function createMailer({ smtpUrl, from, replyTo = () => undefined, dataDir, connections }: MailerOptions): Mailer {
  /** The sender's headers and envelope for one message, as the settings are now. */
  const addressed = (message: OutgoingMessage) => {
    const sender = typeof from === "function" ? from() : from;
    const reply = replyTo();
    return { from: sender, ...(reply ? { replyTo: reply } : {}), ...message, envelope: envelopeFor(sender, message) };
  };
  const transport = lazyTransport(() =>
    smtpUrl
      ? { url: smtpUrl, pool: true, maxConnections: connections, maxMessages: 500 }
      : { streamTransport: true, buffer: true, newline: "windows" },
  );
  if (smtpUrl) {
    return {
      kind: "smtp",
      async send(message) {
        await (await transport.get()).sendMail(addressed(message));
      },
      close: transport.close,
    };
  }
  const outbox = path.join(dataDir, "outbox");
  return {
    kind: "outbox",
    async send(message) {
      const info = await (await transport.get()).sendMail(addressed(message));
      // Messages carry live links (an invitation, a password reset): only the server's own user may read them.
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      await chmod(outbox, 0o700);
      const name = message.messageId.replace(/[<>]/g, "").replace(/[^A-Za-z0-9._-]/g, "_");
      const file = path.join(outbox, `${name}.eml`);
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
    },
    close: transport.close,
  };
}

/** A nodemailer transport made on first use; closing before any use loads nothing. */
function lazyTransport(options: () => Record<string, unknown>): { get(): Promise<Transporter>; close(): void } {
  let made: Promise<Transporter> | undefined;
  return {
    get: () => (made ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options()))),
    close: () =>
      void made?.then(
        (transport) => transport.close(),
        () => undefined,
      ),
  };
}
