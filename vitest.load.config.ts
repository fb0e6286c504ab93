import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run test:load`: the multi-instance, load and fault tests of issue 8. Each file starts real server
// processes (the production build) and talks to them over loopback, so files run one at a time and may
// take minutes; every test bounds its own duration. `npm test` runs this suite after the end-to-end tests.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    name: "load",
    include: ["tests/load/**/*.load.test.ts"],
    globalSetup: ["./tests/setup/build-global-setup.ts"],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
