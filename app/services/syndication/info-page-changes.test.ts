import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INFO_PAGE_CHANGES, infoPageChangedAt, type InfoPagePath } from "./info-page-changes.server";
import { INFO_PAGE_PATHS } from "./syndication.server";

const root = path.resolve(import.meta.dirname, "../../..");

describe("INFO_PAGE_CHANGES", () => {
  it("covers every information page of the sitemap", () => {
    expect(Object.keys(INFO_PAGE_CHANGES).sort()).toEqual([...INFO_PAGE_PATHS].sort());
  });

  it.each(Object.entries(INFO_PAGE_CHANGES))("%s: the date moves with the page's text", (page, { file, sha256, changedAt }) => {
    const digest = createHash("sha256")
      .update(readFileSync(path.join(root, file)))
      .digest("hex")
      .slice(0, 16);
    expect(
      digest,
      `${file} changed: in info-page-changes.server.ts set "${page}" to changedAt "${new Date().toISOString().slice(0, 19)}Z", sha256 "${digest}"`,
    ).toBe(sha256);
    expect(
      infoPageChangedAt(page as InfoPagePath)
        .toISOString()
        .slice(0, 19),
    ).toBe(changedAt.slice(0, 19));
  });
});
