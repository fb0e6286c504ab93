import type { Page } from "@playwright/test";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { newDataDir } from "../support/pglite-template";
import { GIF_1X1, paddedPng, pngDeclaring, pngImage, PNG_SIGNATURE } from "../support/png";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { fromOwnClientAddress, statusConsoleError } from "./admin-support";
import { MB, signInTo, storedUploads, UPLOADED_IMAGE_URL, waitForModal, type AdminAccount } from "./article-admin-support";
import { expect, test } from "./fixtures";
import { exactly, notice, sameOriginHeaders } from "./support";

/**
 * Cover image uploads: the editor's file input and POST /admin/api/uploads accept a JPEG, PNG,
 * WebP or GIF of at most 5 MB, recognised by its content; anything else is refused with a clear message and
 * nothing is written to DATA_DIR/uploads. Runs on a server of its own, whose uploads folder the tests read.
 */

/** The spec's texts, written out so a changed text in the app fails a test. */
const TOO_LARGE = "This image is larger than 5 MB. Please choose a smaller file.";
const NOT_AN_IMAGE = "This file is not a JPEG, PNG, WebP or GIF image. Please choose one of those.";
const UPLOADED = "Image uploaded.";
const TOO_MANY_PIXELS = "This image is more than 100 megapixels. Please choose a smaller one.";
const UNREADABLE = "This image could not be read; the file may be damaged. Please choose another one.";

test.describe("cover image uploads", () => {
  fromOwnClientAddress();
  // Refused uploads answer 413, 415 and 422, which Chromium reports in the console.
  test.use({ allowedConsoleErrors: [statusConsoleError(413, 415, 422)] });

  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `admin-uploads-${process.pid}-${Date.now().toString(36)}`);
  const dataDir = path.join(dir, "data");
  const admin: AdminAccount = { username: `cover-editor-${process.pid}`, password: "cover editor correct horse battery" };
  let server: ServerProcess;

  test.beforeAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_CONTENT: "none",
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
    });
  });

  test.afterAll(async () => {
    if (!server) return rmSync(dir, { recursive: true, force: true });
    const code = await server.stop();
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(errorLogLines(server.output())).toEqual([]);
  });

  const url = (address: string) => `${server.url}${address}`;

  /** Signs in and opens an empty editor, whose image panel holds the file input. */
  async function openEditor(page: Page) {
    await signInTo(page, server.url, admin);
    await page.goto(url("/admin/articles/new"));
    const dialog = page.getByRole("dialog", { name: "New article" });
    await waitForModal(dialog);
    return {
      dialog,
      upload: dialog.getByLabel("Upload an image", { exact: true }),
      imageUrl: dialog.getByLabel("Custom image URL", { exact: true }),
      cover: dialog.getByRole("img", { name: "Cover image preview" }),
      refusal: (text: string) => dialog.getByRole("alert").filter({ hasText: exactly(text) }),
      uploaded: notice(dialog, UPLOADED),
    };
  }

  /** Posts a file as the editor does (multipart field "image"), with this page's session. */
  function postImage(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
    return page.request.post(url("/admin/api/uploads"), { multipart: { image: file }, headers: sameOriginHeaders(server.url) });
  }

  test("in the editor, a text file named .png is refused with a clear message and nothing is stored", async ({ page }) => {
    const editor = await openEditor(page);
    const before = storedUploads(dataDir);
    await editor.upload.setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: Buffer.from("Just some notes, not a picture.\n"),
    });
    await expect(editor.refusal(NOT_AN_IMAGE)).toBeVisible();
    await expect(editor.uploaded).toHaveCount(0);
    await expect(editor.imageUrl).toHaveValue("");
    await expect(editor.dialog.getByText("No image chosen", { exact: true })).toBeVisible();
    expect(storedUploads(dataDir)).toEqual(before);
  });

  test("in the editor, a picture of more than 100 megapixels is refused with a clear message and nothing is stored", async ({
    page,
  }) => {
    const editor = await openEditor(page);
    const before = storedUploads(dataDir);
    // 20,000 x 20,000 in a few bytes: no variant could be made of it, so every reader would be sent the original.
    await editor.upload.setInputFiles({ name: "panorama.png", mimeType: "image/png", buffer: pngDeclaring(20_000, 20_000) });
    await expect(editor.refusal(TOO_MANY_PIXELS)).toBeVisible();
    await expect(editor.uploaded).toHaveCount(0);
    await expect(editor.imageUrl).toHaveValue("");
    expect(storedUploads(dataDir)).toEqual(before);
  });

  test("in the editor, a 6 MB file is refused as larger than 5 MB and nothing is stored", async ({ page }) => {
    const editor = await openEditor(page);
    const before = storedUploads(dataDir);
    await editor.upload.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: paddedPng(6 * MB) });
    await expect(editor.refusal(TOO_LARGE)).toBeVisible();
    await expect(editor.uploaded).toHaveCount(0);
    await expect(editor.imageUrl).toHaveValue("");
    expect(storedUploads(dataDir)).toEqual(before);
  });

  test("in the editor, a real PNG is uploaded, stored byte for byte, and becomes the cover", async ({ page }) => {
    const editor = await openEditor(page);
    const before = storedUploads(dataDir);
    const image = pngImage(48, 27, [200, 40, 40]);
    await editor.upload.setInputFiles({ name: "red.png", mimeType: "image/png", buffer: image });
    await expect(editor.uploaded).toBeVisible();
    await expect(editor.imageUrl).toHaveValue(UPLOADED_IMAGE_URL);
    const address = await editor.imageUrl.inputValue();
    expect(address).toMatch(/\.png$/);
    await expect(editor.cover).toHaveAttribute("src", address);
    await expect.poll(() => editor.cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);

    const name = path.basename(address);
    expect(storedUploads(dataDir)).toEqual([...before, name].sort());
    expect(readFileSync(path.join(dataDir, "uploads", name)).equals(image)).toBe(true);
  });

  test("POST /admin/api/uploads stores a real PNG and the site serves it as image/png", async ({ page, request }) => {
    await signInTo(page, server.url, admin);
    const before = storedUploads(dataDir);
    const image = pngImage(16, 9, [10, 160, 90]);
    const response = await postImage(page, { name: "green.png", mimeType: "image/png", buffer: image });
    expect(response.status()).toBe(201);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    const { url: address } = (await response.json()) as { url: string };
    expect(address).toMatch(UPLOADED_IMAGE_URL);
    expect(address).toMatch(/\.png$/);

    const name = path.basename(address);
    expect(storedUploads(dataDir)).toEqual([...before, name].sort());
    expect(readFileSync(path.join(dataDir, "uploads", name)).equals(image)).toBe(true);

    // Served to anyone, as readers see covers without a session.
    const served = await request.get(url(address));
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    expect((await served.body()).equals(image)).toBe(true);
  });

  test("a GIF declared as a PNG is stored and served as a GIF", async ({ page, request }) => {
    await signInTo(page, server.url, admin);
    const response = await postImage(page, { name: "cover.png", mimeType: "image/png", buffer: GIF_1X1 });
    expect(response.status()).toBe(201);
    const { url: address } = (await response.json()) as { url: string };
    expect(address).toMatch(UPLOADED_IMAGE_URL);
    expect(address).toMatch(/\.gif$/);
    expect(readFileSync(path.join(dataDir, "uploads", path.basename(address))).equals(GIF_1X1)).toBe(true);

    const served = await request.get(url(address));
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/gif");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("POST /admin/api/uploads refuses what is not an allowed image, or too large, and stores nothing", async ({ page }) => {
    await signInTo(page, server.url, admin);
    const before = storedUploads(dataDir);

    const text = await postImage(page, { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("plain text\n") });
    expect(text.status()).toBe(415);
    expect(await text.json()).toEqual({ error: NOT_AN_IMAGE });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const script = await postImage(page, { name: "cover.svg", mimeType: "image/svg+xml", buffer: svg });
    expect(script.status()).toBe(415);
    expect(await script.json()).toEqual({ error: NOT_AN_IMAGE });

    const huge = await postImage(page, { name: "huge.png", mimeType: "image/png", buffer: paddedPng(6 * MB) });
    expect(huge.status()).toBe(413);
    expect(huge.headers()["content-type"]).toMatch(/^application\/json/);
    expect(await huge.json()).toEqual({ error: TOO_LARGE });

    // One byte over the limit: the request itself is small enough to read, the file is not.
    const justOver = await postImage(page, { name: "over.png", mimeType: "image/png", buffer: paddedPng(5 * MB + 1) });
    expect(justOver.status()).toBe(413);
    expect(await justOver.json()).toEqual({ error: TOO_LARGE });

    // One pixel over 100 megapixels, and a file that starts like a PNG and is nothing more.
    const giant = await postImage(page, { name: "giant.png", mimeType: "image/png", buffer: pngDeclaring(10_001, 10_000) });
    expect(giant.status()).toBe(422);
    expect(await giant.json()).toEqual({ error: TOO_MANY_PIXELS });
    const damaged = Buffer.concat([PNG_SIGNATURE, Buffer.from("not a header at all")]);
    const unreadable = await postImage(page, { name: "damaged.png", mimeType: "image/png", buffer: damaged });
    expect(unreadable.status()).toBe(422);
    expect(await unreadable.json()).toEqual({ error: UNREADABLE });

    const empty = await page.request.post(url("/admin/api/uploads"), {
      multipart: { note: "no file here" },
      headers: sameOriginHeaders(server.url),
    });
    expect(empty.status()).toBe(400);
    expect(await empty.json()).toEqual({ error: "Please choose an image to upload." });

    expect(storedUploads(dataDir), "nothing was written, not even a partial file").toEqual(before);

    // Exactly 5 MB is allowed.
    const atLimit = await postImage(page, { name: "limit.png", mimeType: "image/png", buffer: paddedPng(5 * MB) });
    expect(atLimit.status()).toBe(201);
    const { url: address } = (await atLimit.json()) as { url: string };
    expect(storedUploads(dataDir)).toEqual([...before, path.basename(address)].sort());
  });

  test("without a session POST /admin/api/uploads answers 401 and stores nothing", async ({ request }) => {
    const before = storedUploads(dataDir);
    const response = await request.post(url("/admin/api/uploads"), {
      multipart: { image: { name: "sneaky.png", mimeType: "image/png", buffer: pngImage(4, 4, [0, 0, 0]) } },
      headers: sameOriginHeaders(server.url),
    });
    expect(response.status()).toBe(401);
    expect(await response.text()).not.toContain("/uploads/");
    expect(storedUploads(dataDir)).toEqual(before);
  });
});
