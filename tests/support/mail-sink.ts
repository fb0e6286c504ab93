import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { createMailer, type Mailer } from "../../app/services/mail/mailer.server";
import { startSmtpSink, type SmtpSink } from "../fakes";

/**
 * An SMTP sink and a mailer that talks to it over a real SMTP conversation, fresh for every test of the file that
 * calls this (at its top level): what the integration tests of mailed links and notices read their messages from.
 */
export function withMailSink(): { readonly sink: SmtpSink; readonly mailer: Mailer } {
  let sink: SmtpSink | undefined;
  let mailer: Mailer | undefined;
  beforeEach(async () => {
    sink = await startSmtpSink();
    mailer = createMailer({
      smtpUrl: sink.url,
      from: "Byline <staff@byline.test>",
      dataDir: path.join(tmpdir(), "byline-unused"),
      connections: 1,
    });
  });
  afterEach(async () => {
    mailer?.close();
    await sink?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("The mail sink starts before each test.");
    return value;
  };
  return {
    get sink() {
      return started(sink);
    },
    get mailer() {
      return started(mailer);
    },
  };
}
