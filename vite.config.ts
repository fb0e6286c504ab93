import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { build, defineConfig, type Plugin, type ResolvedConfig } from "vite";

// The SSR build bundles our Express server (server/main.ts) together with the
// React Router server build, so production runs one compiled file: build/server/index.js.
export default defineConfig(({ command }) => ({
  environments: { ssr: { build: { rollupOptions: { input: "./server/main.ts" } } } },
  // Dependencies are bundled into the server build: Node resolves, reads and compiles a few large files instead of
  // hundreds of small ones (cold start 2.9 s to 1.9 s under load; decision 030), and lucide-react keeps only our
  // icons. Kept outside: what loads files beside its own code (PGlite's WebAssembly and data, pino's transport
  // worker, sharp's native binary, pg's optional native driver) and the build tools that only development loads.
  // In development Node loads the dependencies itself: Vite's module runner cannot run CommonJS packages inline.
  ssr:
    command === "build"
      ? {
          noExternal: true,
          external: [
            "@electric-sql/pglite",
            "pino",
            "sharp",
            "pg",
            "vite",
            "@react-router/dev",
            "@tailwindcss/vite",
            "tailwindcss",
          ],
        }
      : {},
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Reader pages are not hydrated; their interactive parts come from one small script (decision 016).
  plugins: [tailwindcss(), reactRouter(), islandsPlugin({ entry: "./app/islands/entry.ts" })],
}));

/** The module the server imports to learn the islands script's address. */
const ISLANDS_VIRTUAL_ID = "virtual:byline/islands";
const RESOLVED_ID = `\0${ISLANDS_VIRTUAL_ID}`;

/**
 * Builds the reader pages' islands script (app/islands/entry.ts) into one file with a hashed name under
 * build/client/assets, and tells the server build its address through `virtual:byline/islands` (decision 016).
 * It is a build of its own, not one more entry of the client build: modules it shares with the React app (dates,
 * the search constants...) would otherwise become a dozen tiny shared chunks, and nothing of the app's graph can
 * reach it. The client environment is built before the server one, so the name is known by the time the server
 * asks. In development the address is the source file, which Vite serves.
 */
function islandsPlugin({ entry }: { entry: string }): Plugin {
  const entryPath = path.resolve(entry);
  const devAddress = `/${path.relative(process.cwd(), entryPath).split(path.sep).join("/")}`;
  let builtAddress: string | undefined;
  let config: ResolvedConfig | undefined;

  return {
    name: "byline-islands",
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle() {
      if (config?.command !== "build" || this.environment.name !== "client") return;
      const result = await build({
        configFile: false,
        envFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: "warn",
        resolve: { alias: config.resolve.alias },
        build: {
          write: false,
          target: this.environment.config.build.target,
          modulePreload: false,
          rollupOptions: { input: entryPath, output: { format: "es", entryFileNames: "assets/islands-[hash].js" } },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]).flatMap((item) => ("output" in item ? item.output : []));
      const chunks = outputs.filter((item) => item.type === "chunk");
      const [chunk] = chunks;
      if (!chunk || chunks.length > 1) this.error(`The islands script should be one file; the build made ${chunks.length}.`);
      this.emitFile({ type: "asset", fileName: chunk.fileName, source: chunk.code });
      builtAddress = `/${chunk.fileName}`;
    },
    resolveId(id) {
      return id === ISLANDS_VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (config?.command === "serve") return `export default ${JSON.stringify(devAddress)};`;
      if (this.environment.name === "client") this.error(`${ISLANDS_VIRTUAL_ID} is for the server build only.`);
      if (!builtAddress) this.error("The islands script's address is not known: the client build must run first.");
      return `export default ${JSON.stringify(builtAddress)};`;
    },
  };
}
