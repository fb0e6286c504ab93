// Temporary screenshot script (not committed).
import { chromium } from "@playwright/test";
import { mkdirSync, rmSync } from "node:fs";
import { startServer } from "./support/server-process";

const dataDir = "/tmp/pages-shots/data";
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const admin = { username: "shots-admin", password: "shots correct horse battery" };
const server = await startServer({ DATA_DIR: dataDir, SEED_CONTENT: "none", ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
try {
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      const login = await page.request.post(`${server.url}/auth/login`, {
        form: { username: admin.username, password: admin.password, returnTo: "/admin/articles" },
        headers: { Origin: server.url, Referer: `${server.url}/auth/login` },
        maxRedirects: 0,
      });
      if (login.status() !== 303) throw new Error(`login ${login.status()}`);
      for (const [name, address] of [
        ["list", "/admin/pages"],
        ["edit-careers", "/admin/pages/2/edit"],
        ["edit-advertise", "/admin/pages/4/edit"],
        ["history", "/admin/pages/1/history"],
        ["reader-about", "/about"],
        ["reader-privacy", "/privacy"],
        ["reader-contact", "/contact"],
      ]) {
        await page.goto(`${server.url}${address}`);
        await page.waitForTimeout(300);
        await page.screenshot({ path: `/tmp/pages-shots/${name}-${scheme}-${width}.png`, fullPage: name !== "edit-advertise" });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
