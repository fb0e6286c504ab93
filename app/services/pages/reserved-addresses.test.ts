import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routeConfig from "../../routes";
import { UPLOADS_URL_PREFIX } from "../uploads/uploads.server";
import { pageAddressProblem, PAGE_ADDRESS_PATTERN, PAGE_TEXTS, PageInput } from "../../validation/page";
import { isReservedAddress, RESERVED_ADDRESSES } from "../../utils/reserved-addresses";
import { MEDIA_URL_PREFIX } from "../../utils/responsive-images";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** The first segment of every route's path that is not a parameter or a splat, with the children's parents joined. */
function firstSegments(entries: readonly RouteConfigEntry[], parentPath = ""): string[] {
  return entries.flatMap((entry) => {
    const full = [parentPath, entry.path ?? ""].join("/").split("/").filter(Boolean);
    const first = full[0];
    const own = first && !first.startsWith(":") && first !== "*" ? [first] : [];
    return [...own, ...firstSegments(entry.children ?? [], full.join("/"))];
  });
}

/** What Express serves before the router: the folders server/app.ts mounts by name, and public/'s entries. */
function staticSegments(): string[] {
  const server = readFileSync(path.join(ROOT, "server/app.ts"), "utf8");
  const mounted = [...server.matchAll(/app\.(?:use|get)\(\s*\[?\s*"\/([^"/{]+)/g)].map((match) => match[1] ?? "");
  const listed = [...server.matchAll(/\[\s*"\/([^"/]+)"/g)].map((match) => match[1] ?? "");
  const prefixes = [UPLOADS_URL_PREFIX, MEDIA_URL_PREFIX].map((prefix) => prefix.split("/").filter(Boolean)[0] ?? "");
  const publicEntries = readdirSync(path.join(ROOT, "public"));
  return [...mounted, ...listed, ...prefixes, ...publicEntries, "assets"].filter(Boolean);
}

describe("reserved addresses", () => {
  it("include the first segment of every route in the router's table", () => {
    const segments = [...new Set(firstSegments(routeConfig))].sort();
    expect(segments.length).toBeGreaterThan(15);
    const missing = segments.filter((segment) => !isReservedAddress(segment));
    expect(missing, "add these to RESERVED_ADDRESSES in app/utils/reserved-addresses.ts").toEqual([]);
  });

  it("include every folder and file Express serves before the router", () => {
    const missing = [...new Set(staticSegments())].filter((segment) => !isReservedAddress(segment));
    expect(missing, "add these to RESERVED_ADDRESSES in app/utils/reserved-addresses.ts").toEqual([]);
  });

  it("leave the specification's seven pages free to be pages", () => {
    for (const address of ["about", "careers", "contact", "advertise", "terms", "privacy", "cookie-policy", "ethics"])
      expect(isReservedAddress(address), address).toBe(false);
  });

  it("are refused with a sentence that names the address", () => {
    for (const address of ["admin", "search", "article", "category", "api", "auth", "uploads", "media", "assets"]) {
      expect(pageAddressProblem(address)).toBe(PAGE_TEXTS.reserved(address));
      expect(pageAddressProblem(address)).toBe(`The address /${address} is used by the site itself. Please choose another one.`);
    }
    expect(RESERVED_ADDRESSES).toContain("rss.xml");
  });
});

describe("the page address rule", () => {
  it("takes 1 to 60 lower-case letters, digits and hyphens", () => {
    for (const address of ["a", "ethics", "how-we-use-ai", "2026-masthead", "x".repeat(60), "-"])
      expect(pageAddressProblem(address), address).toBeNull();
  });

  it("refuses anything else with the rule in a sentence", () => {
    for (const address of [
      "",
      "Ethics",
      "ethics/policy",
      "/ethics",
      "eth ics",
      "éthique",
      "ethics.html",
      "x".repeat(61),
      "a_b",
      "%2e%2e",
    ]) {
      expect(PAGE_ADDRESS_PATTERN.test(address), address).toBe(false);
      expect(pageAddressProblem(address), address).toBe(PAGE_TEXTS.address);
    }
  });

  it("is what the editor's schema checks, trimming spaces around", () => {
    const base = { title: "Ethics", status: "draft" };
    expect(PageInput.safeParse({ ...base, address: "  ethics " }).data?.address).toBe("ethics");
    const refused = PageInput.safeParse({ ...base, address: "search" });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["address", PAGE_TEXTS.reserved("search")],
    ]);
  });
});
