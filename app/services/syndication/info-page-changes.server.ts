/**
 * When each information page's text last changed, for the sitemap's `lastmod` (issue 26 point 3, decision 027).
 * The pages are source files, so the date is the last change of the file, written here next to the file's SHA-256
 * (first 16 hex digits). `info-page-changes.test.ts` hashes the files: a page edited without moving its date here fails
 * the tests with the line to write. Not the build time: every deploy would then announce seven unchanged pages as
 * changed, and crawlers learn to ignore a `lastmod` that is not true.
 */
export const INFO_PAGE_CHANGES = {
  "/about": { file: "app/routes/reader/info/about.tsx", changedAt: "2026-11-29T01:56:23Z", sha256: "bfef5ecb48b1343d" },
  "/careers": { file: "app/routes/reader/info/careers.tsx", changedAt: "2026-11-28T21:18:25Z", sha256: "0e4e11d3de3e63fb" },
  "/contact": { file: "app/routes/reader/info/contact.tsx", changedAt: "2026-11-28T21:00:19Z", sha256: "d0992bd77e896a8e" },
  "/advertise": { file: "app/routes/reader/info/advertise.tsx", changedAt: "2026-11-28T21:18:25Z", sha256: "61b65dbdc19cfb33" },
  "/terms": { file: "app/routes/reader/info/terms.tsx", changedAt: "2026-11-28T21:00:19Z", sha256: "8936a2a1b58bc1ab" },
  "/privacy": { file: "app/routes/reader/info/privacy.tsx", changedAt: "2026-11-28T21:00:19Z", sha256: "34505be4ca63a757" },
  "/cookie-policy": {
    file: "app/routes/reader/info/cookie-policy.tsx",
    changedAt: "2026-11-28T21:00:19Z",
    sha256: "953a21c9cf44e346",
  },
} as const;

export type InfoPagePath = keyof typeof INFO_PAGE_CHANGES;

/** The time the page's text last changed. */
export function infoPageChangedAt(path: InfoPagePath): Date {
  return new Date(INFO_PAGE_CHANGES[path].changedAt);
}
