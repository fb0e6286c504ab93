import { describe, expect, it } from "vitest";
import { scriptsInHtml } from "./bundle";

describe("scriptsInHtml", () => {
  it("collects module scripts, modulepreload links and the static imports of inline module scripts", () => {
    const html = `<!DOCTYPE html><html><head>
      <link rel="modulepreload" href="/assets/entry.client-A1.js"/>
      <link href="/assets/chunk-B2.js" rel="modulepreload"/>
      <link rel="stylesheet" href="/assets/app-C3.css"/>
      <script>window.theme = "dark"</script>
      <script type="module" src="/assets/extra-D4.js"></script>
      <script type="module" async="">import "/assets/manifest-E5.js";
import * as route0 from "/assets/root-F6.js";
window.__manifest = { "imports": ["/assets/not-imported.js"] };
import("/assets/entry.client-A1.js");</script></head></html>`;
    expect(scriptsInHtml(html, "http://127.0.0.1:3000/article/7").sort()).toEqual(
      [
        "http://127.0.0.1:3000/assets/chunk-B2.js",
        "http://127.0.0.1:3000/assets/entry.client-A1.js",
        "http://127.0.0.1:3000/assets/extra-D4.js",
        "http://127.0.0.1:3000/assets/manifest-E5.js",
        "http://127.0.0.1:3000/assets/root-F6.js",
      ].sort(),
    );
  });
});
