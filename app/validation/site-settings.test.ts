import { describe, expect, it } from "vitest";
import {
  accentProblems,
  accentTones,
  DEFAULT_SETTINGS,
  digestCron,
  digestFromCron,
  settingsFieldErrors,
  settingsFromForm,
  SiteSettingsInput,
  type SiteSettings,
} from "./site-settings";

const form = (values: Partial<Record<keyof SiteSettings, string>>) => settingsFromForm(values, DEFAULT_SETTINGS);

function errorsOf(values: Partial<Record<keyof SiteSettings, string>>) {
  const parsed = form(values);
  return parsed.success ? {} : settingsFieldErrors(parsed.error);
}

describe("the Settings form's rules", () => {
  it("take the specification's settings as they are", () => {
    expect(SiteSettingsInput.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });

  it("keep the value in force for a field the form leaves out (one the environment pins is not sent)", () => {
    const parsed = form({ siteName: "The Harbour Times" });
    expect(parsed.success && parsed.data).toEqual({ ...DEFAULT_SETTINGS, siteName: "The Harbour Times" });
  });

  it("refuse each bad field with a sentence of its own", () => {
    expect(
      errorsOf({
        siteName: " ",
        language: "English",
        timeZone: "Mars/Olympus",
        contactGeneral: "not an address",
        socialX: "http://x.example/newsroom",
        socialMastodon: "javascript:alert(1)",
        defaultSocialImage: "//evil.example/x.png",
        digestTime: "25:00",
        digestStories: "0",
        adMode: "popups",
      }),
    ).toEqual({
      siteName: "Please enter the publication name.",
      language: "The language must be a language tag such as en, de or pt-BR.",
      timeZone: "The time zone must be an IANA time zone name, such as Europe/Berlin or America/New_York.",
      contactGeneral: "The general address must be an email address, such as hello@example.com.",
      socialX: "The X address must start with https://, such as https://example.com/@newsroom.",
      socialMastodon: "The Mastodon address must start with https://, such as https://example.com/@newsroom.",
      defaultSocialImage: "Please enter an image address that starts with https:// (or http://).",
      digestTime: "The time must be written as hours and minutes, such as 09:00.",
      digestStories: "Stories per issue must be a whole number from 1 to 20.",
      adMode: "Please choose what the ad slots show.",
    });
  });

  it("refuse control characters in text, keeping line breaks where a field has lines", () => {
    expect(errorsOf({ siteName: "Harbour\u0000Times" })).toEqual({
      siteName: "The publication name contains characters that are not allowed.",
    });
    expect(errorsOf({ postalAddress: "1 Quay Street\nKiel" })).toEqual({});
    expect(errorsOf({ postalAddress: "1 Quay Street\u0007" })).toEqual({
      postalAddress: "The postal address contains characters that are not allowed.",
    });
  });

  it("ask for the client id when the ad slots show the network's units", () => {
    expect(errorsOf({ adMode: "adsense", adClient: "" })).toEqual({
      adClient: "The client id must look like ca-pub-1234567890123456.",
    });
    expect(errorsOf({ adMode: "adsense", adClient: "ca-pub-1234567890123456" })).toEqual({});
  });
});

describe("the accent", () => {
  it("is the specification's blue when empty", () => {
    expect(accentTones(DEFAULT_SETTINGS)).toBeNull();
    expect(accentProblems(DEFAULT_SETTINGS)).toEqual([]);
  });

  it("is refused when its text would not reach 4.5:1 on its theme's background, saying which theme and by how much", () => {
    expect(accentProblems({ accentColor: "#fbbf24", accentDarkColor: "" })).toEqual([
      {
        path: ["accentColor"],
        message:
          "The light theme fails: the accent reaches 1.6:1 on white, short of the 4.5:1 text needs. Choose a darker colour.",
      },
    ]);
    expect(accentProblems({ accentColor: "#b91c1c", accentDarkColor: "#7f1d1d" })).toEqual([
      {
        path: ["accentDarkColor"],
        message:
          "The dark theme fails: the accent reaches 1.7:1 on the dark background, short of the 4.5:1 text needs. Choose a lighter colour, or leave it empty to have it made from the light one.",
      },
    ]);
    expect(accentProblems({ accentColor: "", accentDarkColor: "#fca5a5" })).toEqual([
      { path: ["accentDarkColor"], message: "Choose the light-theme accent first." },
    ]);
  });

  it("is a hex value, kept in lower case, with a dark tone made from it unless one is given", () => {
    expect(errorsOf({ accentColor: "red" })).toEqual({ accentColor: "The accent colour must be a hex value such as #1d4ed8." });
    const parsed = form({ accentColor: "#B91C1C" });
    expect(parsed.success && parsed.data.accentColor).toBe("#b91c1c");
    expect(accentTones({ accentColor: "#b91c1c", accentDarkColor: "" })?.light).toBe("#b91c1c");
    expect(accentTones({ accentColor: "#b91c1c", accentDarkColor: "#fca5a5" })).toEqual({ light: "#b91c1c", dark: "#fca5a5" });
  });
});

describe("the digest's day and time", () => {
  it("are a weekly cron expression, and a simple one reads back", () => {
    expect(digestCron({ digestDay: 0, digestTime: "09:00" })).toBe("0 9 * * 0");
    expect(digestCron({ digestDay: 5, digestTime: "17:45" })).toBe("45 17 * * 5");
    expect(digestFromCron("45 17 * * 5")).toEqual({ digestDay: 5, digestTime: "17:45" });
    expect(digestFromCron("0 9 * * 1-5")).toBeNull();
    expect(digestFromCron("99 9 * * 1")).toBeNull();
  });
});
