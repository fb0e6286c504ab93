import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The SSR build bundles our Express server (server/main.ts) together with the
// React Router server build, so production runs one compiled file: build/server/index.js.
export default defineConfig({
  environments: { ssr: { build: { rollupOptions: { input: "./server/main.ts" } } } },
  // lucide-react's CommonJS build defines every icon (some 150 ms at start-up); bundled, only ours remain.
  ssr: { noExternal: ["lucide-react"] },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [tailwindcss(), reactRouter()],
});
