/**
 * When each information page's text last changed, for the sitemap's `lastmod` (issue 26 point 3, decision 027).
 * The pages are source files, so the date is the last change of the file, written here next to the file's SHA-256
 * (first 16 hex digits). `info-page-changes.test.ts` hashes the files: a page edited without moving its date here fails
 * the tests with the line to write. Not the build time: every deploy would then announce seven unchanged pages as
 * changed, and crawlers learn to ignore a `lastmod` that is not true.
 */
export const INFO_PAGE_CHANGES = {
  "/about": { file: "app/routes/reader/info/about.tsx", changedAt: "2026-11-25T22:26:54Z", sha256: "10248df0a6bce461" },
  "/careers": { file: "app/routes/reader/info/careers.tsx", changedAt: "2026-11-25T22:26:54Z", sha256: "b2d0fdccef7d959e" },
  "/contact": { file: "app/routes/reader/info/contact.tsx", changedAt: "2026-11-25T22:26:54Z", sha256: "e3d192fc4b791e9c" },
  "/advertise": { file: "app/routes/reader/info/advertise.tsx", changedAt: "2026-11-25T22:26:54Z", sha256: "aef3639ac7616a7f" },
  "/terms": { file: "app/routes/reader/info/terms.tsx", changedAt: "2026-11-26T01:53:45Z", sha256: "3f36d0dfe3d96077" },
  "/privacy": { file: "app/routes/reader/info/privacy.tsx", changedAt: "2026-11-26T16:06:17Z", sha256: "41e667369c830021" },
  "/cookie-policy": {
    file: "app/routes/reader/info/cookie-policy.tsx",
    changedAt: "2026-11-25T22:26:54Z",
    sha256: "d1ebba7ae823bb0f",
  },
} as const;

export type InfoPagePath = keyof typeof INFO_PAGE_CHANGES;

/** The time the page's text last changed. */
export function infoPageChangedAt(path: InfoPagePath): Date {
  return new Date(INFO_PAGE_CHANGES[path].changedAt);
}
