/**
 * JavaScript shipped by reader pages (issue 20, target 1): the production server's HTML for each page, its
 * module scripts, modulepreload links and the imports of its inline module scripts, and the static imports of
 * those files in turn; each fetched with `Accept-Encoding: br` (and again with gzip, for the record) and its
 * transferred bytes summed. Dynamic imports (code loaded on demand) are not counted: a page does not load them
 * to start. Also checked: no file the hydrated admin app loads (its login page) is loaded by a reader page.
 */
import { embeddedDataset } from "./datasets";
import { headerText, log, rawGet } from "./processes";
import { bytes, count, judged, markdownTable, type Section } from "./report";
import { readerPaths } from "./reader-pages";
import { startServer } from "./server";

/** 30 KB, counted as 30,000 bytes (issue 20). */
const TARGET_BYTES = 30_000;

/** A page of the admin app, hydrated, that answers without a session: what admin code a browser loads. */
const ADMIN_PAGE = "/auth/login";

/** The info pages measured besides the reader paths: a plain one and the one with the contact form. */
const INFO_PAGES = ["/about", "/contact"];

interface Asset {
  url: string;
  transferred: number;
  encoding: string;
  /** The same file's bytes with gzip. */
  gzipped: number;
}

const SCRIPT_SRC = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g;
const MODULE_PRELOAD =
  /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"|<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g;
const INLINE_MODULE = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g;
/** `import x from "./a.js"`, `import{a}from"./a.js"`, `import "./a.js"`, `export * from "./a.js"`; never `import("./a.js")`. */
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;

function decodeEntities(text: string): string {
  return text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'");
}

/** The scripts a page's HTML loads as modules at once. */
export function scriptsInHtml(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  const add = (specifier: string | undefined) => {
    if (specifier) found.add(new URL(decodeEntities(specifier), pageUrl).toString());
  };
  for (const match of html.matchAll(SCRIPT_SRC)) add(match[1]);
  for (const match of html.matchAll(MODULE_PRELOAD)) add(match[1] ?? match[2]);
  for (const match of html.matchAll(INLINE_MODULE)) for (const imported of match[1]!.matchAll(STATIC_IMPORT)) add(imported[1]);
  return [...found];
}

async function fetchAsset(url: string): Promise<{ asset: Asset; code: string }> {
  const response = await rawGet(url, { "Accept-Encoding": "br" });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}.`);
  const encoding = headerText(response, "content-encoding") ?? "identity";
  const gzipped = await rawGet(url, { "Accept-Encoding": "gzip" });
  // The transferred size is what counts; the plain text is only read for further imports.
  const plain = await rawGet(url, { "Accept-Encoding": "identity" });
  return {
    asset: { url, transferred: response.body.length, encoding, gzipped: gzipped.body.length },
    code: plain.body.toString("utf8"),
  };
}

/** Every module a page loads to start, following static imports from the HTML's own list. */
async function pageScripts(pageUrl: string): Promise<{ assets: Asset[]; notPreloaded: number }> {
  const page = await rawGet(pageUrl, { "Accept-Encoding": "identity" });
  if (page.status !== 200) throw new Error(`${pageUrl} answered ${page.status}.`);
  const listed = scriptsInHtml(page.body.toString("utf8"), pageUrl);
  const queue = [...listed];
  const seen = new Set(queue);
  const assets: Asset[] = [];
  for (let url = queue.shift(); url; url = queue.shift()) {
    const { asset, code } = await fetchAsset(url);
    assets.push(asset);
    for (const match of code.matchAll(STATIC_IMPORT)) {
      const imported = new URL(match[1]!, url).toString();
      if (!seen.has(imported) && new URL(imported).origin === new URL(pageUrl).origin) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  return { assets, notPreloaded: assets.length - listed.length };
}

export async function measureBundle(root: string, articles: number): Promise<Section> {
  const section: Section = { title: "JavaScript shipped by reader pages", figures: [], notes: [] };
  const dataset = await embeddedDataset(root, articles);
  const server = await startServer(root, { dataDir: dataset.dataDir!, pageCache: true });
  const encodings = new Set<string>();
  const details: string[][] = [];
  const loadedByReaderPages = new Set<string>();
  try {
    for (const path of [...(await readerPaths(server.url)), ...INFO_PAGES]) {
      const label = `\`${path}\`: compressed JavaScript`;
      const target = `≤ ${bytes(TARGET_BYTES)}`;
      log(`Bundle: ${path}`);
      const { assets, notPreloaded } = await pageScripts(`${server.url}${path}`);
      const total = assets.reduce((sum, asset) => sum + asset.transferred, 0);
      const gzipTotal = assets.reduce((sum, asset) => sum + asset.gzipped, 0);
      for (const asset of assets) {
        encodings.add(asset.encoding);
        loadedByReaderPages.add(asset.url);
      }
      const unlisted = notPreloaded > 0 ? `; ${notPreloaded} of them imported but not preloaded` : "";
      section.figures.push(
        judged(label, `${bytes(total)} in ${count(assets.length)} files${unlisted}`, target, total <= TARGET_BYTES),
      );
      const gzipNote = `${bytes(gzipTotal)} with gzip`;
      const largest = [...assets].sort((a, b) => b.transferred - a.transferred).slice(0, 3);
      details.push([
        `\`${path}\``,
        largest.map((asset) => `${new URL(asset.url).pathname.replace("/assets/", "")} ${bytes(asset.transferred)}`).join(", "),
        gzipNote,
      ]);
    }
    log(`Bundle: admin code (${ADMIN_PAGE})`);
    const admin = await pageScripts(`${server.url}${ADMIN_PAGE}`);
    const shared = admin.assets.filter((asset) => loadedByReaderPages.has(asset.url));
    const adminTotal = admin.assets.reduce((sum, asset) => sum + asset.transferred, 0);
    section.figures.push(
      judged(
        "Files of the admin app loaded by reader pages",
        shared.length === 0
          ? `none (the admin app loads ${count(admin.assets.length)} files, ${bytes(adminTotal)})`
          : shared.map((asset) => new URL(asset.url).pathname).join(", "),
        "none",
        shared.length === 0 && admin.assets.length > 0,
      ),
    );
  } finally {
    await server.stop();
  }
  section.notes.push(
    'From the production build served by `node bin/byline.js start`: the page\'s `<script type="module" src>`, ' +
      '`<link rel="modulepreload">` and the imports of its inline module scripts, then the static imports of those files ' +
      `in turn; each fetched with \`Accept-Encoding: br\` and its body bytes summed (served as ${[...encodings].join(", ") || "nothing"}; ` +
      "the server compresses assets on the fly). 1 KB = 1,000 bytes. Code loaded later by `import()` is not counted.",
    `Largest files per page:\n\n${markdownTable(["Page", "Largest modules (brotli)", "All of them with gzip"], details)}`,
    "Reader pages are not hydrated (decision 016): they load only the islands script. The admin app is what " +
      `${ADMIN_PAGE} loads (the hydrated React Router app); a reader page sharing none of its files carries no admin code.`,
  );
  return section;
}
