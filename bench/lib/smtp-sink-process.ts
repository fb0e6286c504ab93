/**
 * The test suite's SMTP sink (tests/fakes/smtp-sink.ts) in a process of its own, as a mail server would
 * be: parsing 10,000 messages must not share the sender's event loop. It writes one JSON line with its
 * address, then `{"accepted": N}` lines as messages arrive, and forgets each message once counted so its
 * memory stays flat. SIGTERM stops it.
 */
import { startSmtpSink } from "../../tests/fakes/smtp-sink";

const REPORT_EVERY_MS = 100;

const sink = await startSmtpSink();
process.stdout.write(`${JSON.stringify({ url: sink.url })}\n`);

let accepted = 0;
const reporter = setInterval(() => {
  if (sink.messages.length === 0) return;
  accepted += sink.messages.length;
  sink.clear();
  process.stdout.write(`${JSON.stringify({ accepted })}\n`);
}, REPORT_EVERY_MS);

process.once("SIGTERM", () => {
  clearInterval(reporter);
  void sink.close().then(() => process.exit(0));
});
