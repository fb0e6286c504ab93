import { mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer, describeMailError, isTransientMailError } from "./mailer.server";

describe("the outbox mailer (no SMTP_URL)", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("writes each message as a whole .eml file in DATA_DIR/outbox, headers included", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "byline-outbox-"));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: '"Byline" <newsletter@news.example.com>',
      dataDir: dir,
      connections: 5,
    });
    expect(mailer.kind).toBe("outbox");
    await mailer.send({
      to: "reader@example.com",
      subject: "This week: chips & clouds",
      html: "<p>Hello</p>",
      text: "Hello",
      headers: {
        "List-Unsubscribe": "<https://news.example.com/unsubscribe/abc>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
      messageId: "<newsletter-3-9@news.example.com>",
    });
    mailer.close();
    const files = await readdir(path.join(dir, "outbox"));
    expect(files).toEqual(["newsletter-3-9_news.example.com.eml"]);
    const eml = await readFile(path.join(dir, "outbox", files[0] ?? ""), "utf8");
    expect(eml).toContain("To: reader@example.com\r\n");
    expect(eml).toContain("From: Byline <newsletter@news.example.com>\r\n");
    expect(eml).toContain("Subject: This week: chips & clouds\r\n");
    expect(eml).toContain("List-Unsubscribe: <https://news.example.com/unsubscribe/abc>\r\n");
    expect(eml).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
    expect(eml).toContain("Message-ID: <newsletter-3-9@news.example.com>\r\n");
  });

  it("keeps the outbox to the server's own user: the folder 0700 and each message 0600, an older open folder closed", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "byline-outbox-"));
    // An outbox made by an earlier version, readable by every local user.
    await mkdir(path.join(dir, "outbox"), { mode: 0o755 });
    const mailer = createMailer({ smtpUrl: undefined, from: "newsletter@news.example.com", dataDir: dir, connections: 1 });
    await mailer.send({
      to: "new.editor@example.com",
      subject: "You are invited to Byline",
      html: "<p>Accept</p>",
      text: "Accept",
      headers: {},
      messageId: "<invite-1@news.example.com>",
    });
    mailer.close();
    const mode = async (file: string) => (await stat(file)).mode & 0o777;
    expect((await mode(path.join(dir, "outbox"))).toString(8)).toBe("700");
    expect((await mode(path.join(dir, "outbox", "invite-1_news.example.com.eml"))).toString(8)).toBe("600");
  });
});

describe("the envelope", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each(["1,victim@example.com", "x:victim@example.com;", "Victim <victim@example.com>", "a@example.com b@example.com"])(
    "refuses %j as a recipient, for good, before anything is written",
    async (to) => {
      dir = await mkdtemp(path.join(tmpdir(), "byline-outbox-"));
      const mailer = createMailer({
        smtpUrl: undefined,
        from: '"Byline" <newsletter@news.example.com>',
        dataDir: dir,
        connections: 1,
      });
      const sending = mailer.send({
        to,
        subject: "s",
        html: "<p>h</p>",
        text: "h",
        headers: {},
        messageId: "<m-1@news.example.com>",
      });
      await expect(sending).rejects.toThrow("The recipient is not one plain mailbox.");
      await sending.catch((error: unknown) => expect(isTransientMailError(error)).toBe(false));
      mailer.close();
      await expect(readdir(path.join(dir, "outbox")), "no outbox was written").rejects.toMatchObject({ code: "ENOENT" });
    },
  );
});

describe("SMTP failures", () => {
  it("retries 4xx replies and lost connections, not 5xx replies", () => {
    expect(isTransientMailError(Object.assign(new Error("busy"), { responseCode: 451 }))).toBe(true);
    expect(isTransientMailError(Object.assign(new Error("Connection closed"), { code: "ECONNECTION" }))).toBe(true);
    expect(isTransientMailError(Object.assign(new Error("no such user"), { responseCode: 550 }))).toBe(false);
  });

  it("keeps the server's reply and never credentials", () => {
    expect(describeMailError(Object.assign(new Error("x"), { responseCode: 550, response: "550 5.1.1 No such user" }))).toBe(
      "550 5.1.1 No such user",
    );
    expect(describeMailError(new Error("connect ECONNREFUSED smtp://user:secret@127.0.0.1:25"))).toBe(
      "connect ECONNREFUSED smtp://127.0.0.1:25",
    );
  });
});
