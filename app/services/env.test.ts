import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, siteUrlWarning } from "./env.server";

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "./data",
      databaseUrl: undefined,
      siteUrl: "http://localhost:3000",
      siteUrlConfigured: false,
      siteName: "Byline",
      seedContent: "demo",
      newsFeedsFile: "config/news-feeds.json",
      generationSpacingMs: 20_000,
      logLevel: "info",
      initialAdmin: undefined,
      mailFrom: '"Byline" <newsletter@localhost>',
      newsletter: { autoSend: false, schedule: "0 9 * * 0" },
      trustProxy: ["loopback"],
      allowedHosts: [],
      newsletterDoubleOptIn: true,
      timeZone: "UTC",
    });
  });

  it("takes the newsroom's time zone from TIME_ZONE, else from TZ, else UTC", () => {
    expect(loadConfig({ TIME_ZONE: "America/New_York" }).timeZone).toBe("America/New_York");
    expect(loadConfig({ TIME_ZONE: " Asia/Tokyo ", TZ: "Europe/Berlin" }).timeZone).toBe("Asia/Tokyo");
    expect(loadConfig({ TZ: "Europe/Berlin" }).timeZone).toBe("Europe/Berlin");
    expect(loadConfig({ TZ: ":Pacific/Honolulu" }).timeZone).toBe("Pacific/Honolulu");
    expect(loadConfig({ TZ: "" }).timeZone).toBe("UTC");
    expect(loadConfig({}).timeZone).toBe("UTC");
  });

  it("stops with one line naming TIME_ZONE when it is not a time zone", () => {
    expect(() => loadConfig({ TIME_ZONE: "Mars/Olympus_Mons" })).toThrow(
      new ConfigError(
        'Invalid configuration: TIME_ZONE must be an IANA time zone name, such as Europe/Berlin or America/New_York (got "Mars/Olympus_Mons").',
      ),
    );
    expect(() => loadConfig({ TZ: "Nowhere/Special" })).toThrow(
      new ConfigError(
        'Invalid configuration: TIME_ZONE is unset and TZ ("Nowhere/Special") is not an IANA time zone name; set TIME_ZONE, such as Europe/Berlin.',
      ),
    );
    // A valid TIME_ZONE wins over a TZ that Intl cannot read.
    expect(loadConfig({ TIME_ZONE: "UTC", TZ: "Nowhere/Special" }).timeZone).toBe("UTC");
  });

  it("reads the trusted proxies and allowed host names, refusing entries Express could not use", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.3.7, 172.18.0.0/16,uniquelocal, fd00::/8" }).trustProxy).toEqual([
      "10.0.3.7",
      "172.18.0.0/16",
      "uniquelocal",
      "fd00::/8",
    ]);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    for (const value of ["true", "everyone", "10.0.0.0/40", "10.0.0.1,,10.0.0.2"]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /^Invalid configuration: TRUST_PROXY must be false, or a comma-separated list/,
      );
    }
    expect(loadConfig({ ALLOWED_HOSTS: "News.Example.com, www.news.example.com" }).allowedHosts).toEqual([
      "news.example.com",
      "www.news.example.com",
    ]);
    expect(() => loadConfig({ ALLOWED_HOSTS: "news.example.com:443" })).toThrow(/^Invalid configuration: ALLOWED_HOSTS must be/);
  });

  it("turns double opt-in off only when NEWSLETTER_DOUBLE_OPT_IN says false", () => {
    expect(loadConfig({ NEWSLETTER_DOUBLE_OPT_IN: "false" }).newsletterDoubleOptIn).toBe(false);
    expect(loadConfig({ NEWSLETTER_DOUBLE_OPT_IN: "true" }).newsletterDoubleOptIn).toBe(true);
    expect(loadConfig({ NEWSLETTER_DOUBLE_OPT_IN: "" }).newsletterDoubleOptIn).toBe(true);
    expect(() => loadConfig({ NEWSLETTER_DOUBLE_OPT_IN: "no" })).toThrow(
      'Invalid configuration: NEWSLETTER_DOUBLE_OPT_IN must be "true" or "false" (got "no").',
    );
  });

  it("reads the weekly digest's switch and schedule, refusing a schedule croner cannot run", () => {
    expect(loadConfig({ NEWSLETTER_AUTO_SEND: "true", NEWSLETTER_SCHEDULE: "30 7 * * 1" }).newsletter).toEqual({
      autoSend: true,
      schedule: "30 7 * * 1",
    });
    expect(() => loadConfig({ NEWSLETTER_AUTO_SEND: "yes" })).toThrow(
      'Invalid configuration: NEWSLETTER_AUTO_SEND must be "true" or "false" (got "yes").',
    );
    expect(() => loadConfig({ NEWSLETTER_SCHEDULE: "every sunday" })).toThrow(
      /^Invalid configuration: NEWSLETTER_SCHEDULE must be a cron expression such as "0 9 \* \* 0" \(.+\) \(got "every sunday"\)\.$/,
    );
  });

  it("treats empty values as unset and trims a trailing slash from SITE_URL", () => {
    const config = loadConfig({ PORT: "", SITE_URL: "https://news.example.com/", SITE_NAME: "The Wire" });
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe("https://news.example.com");
    expect(config.mailFrom).toBe('"The Wire" <newsletter@news.example.com>');
  });

  it("stops with one line naming the variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(
      new ConfigError('Invalid configuration: PORT must be a whole number between 0 and 65535 (got "abc").'),
    );
    expect(() => loadConfig({ SEED_CONTENT: "lots" })).toThrow(
      /^Invalid configuration: SEED_CONTENT must be "demo" or "none" \(got "lots"\)\.$/,
    );
    expect(() => loadConfig({ GENERATION_SPACING_MS: "-5" })).toThrow(/^Invalid configuration: GENERATION_SPACING_MS /);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/^Invalid configuration: LOG_LEVEL must be one of fatal, error/);
  });

  it("never repeats a secret value in its message", () => {
    const attempt = () => loadConfig({ DATABASE_URL: "mysql://root:hunter2@db/news" });
    expect(attempt).toThrow(/^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL\.$/);
    expect(attempt).not.toThrow(/hunter2/);
  });

  it("needs ADMIN_USERNAME and ADMIN_PASSWORD together", () => {
    expect(() => loadConfig({ ADMIN_USERNAME: "editor" })).toThrow(/^Invalid configuration: ADMIN_PASSWORD must be set together/);
    expect(loadConfig({ ADMIN_USERNAME: "editor", ADMIN_PASSWORD: "a long passphrase" }).initialAdmin).toEqual({
      username: "editor",
      password: "a long passphrase",
    });
  });

  it("holds ADMIN_USERNAME and ADMIN_PASSWORD to the CLI's rules, without echoing the password", () => {
    const shortPassword = () => loadConfig({ ADMIN_USERNAME: "editor", ADMIN_PASSWORD: "hunter2" });
    expect(shortPassword).toThrow(/^Invalid configuration: ADMIN_PASSWORD must be at least 12 characters\.$/);
    expect(shortPassword).not.toThrow(/hunter2/);
    expect(() => loadConfig({ ADMIN_USERNAME: "the editor", ADMIN_PASSWORD: "a long passphrase" })).toThrow(
      /^Invalid configuration: ADMIN_USERNAME may use only letters, digits and \. _ @ - \(got "the editor"\)\.$/,
    );
  });

  it("resolves paths with the given resolver", () => {
    const config = loadConfig({ DATA_DIR: "var/byline" }, (value) => `/srv/${value}`);
    expect(config.dataDir).toBe("/srv/var/byline");
  });
});

describe("siteUrlWarning", () => {
  it("warns when SITE_URL is http, since Gmail and Yahoo expect https unsubscribe links", () => {
    expect(siteUrlWarning("http://news.example.com")).toBe(
      "SITE_URL is http: newsletter unsubscribe links use it, and Gmail and Yahoo expect https unsubscribe links. Serve the site over https and set SITE_URL to its https address.",
    );
    expect(siteUrlWarning("http://192.168.1.20:3000")).not.toBeNull();
  });

  it("says nothing for https, nor for this machine's own addresses", () => {
    for (const url of ["https://news.example.com", "http://localhost:3000", "http://127.0.0.1:4000", "http://[::1]:3000"]) {
      expect(siteUrlWarning(url), url).toBeNull();
    }
  });
});
