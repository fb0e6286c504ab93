/**
 * `npm run test:e2e`'s build step: `react-router build` with the made-up secrets of build-secrets.ts in
 * its environment, then a marker naming the build that saw them, which client-assets.spec.ts checks.
 */
import { spawnSync } from "node:child_process";
import { statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../support/server-process";
import { BUILD_MARKER, BUILD_SECRETS, SERVER_BUNDLE, type BuildMarker } from "./build-secrets";

const result = spawnSync(process.execPath, [path.join(PROJECT_ROOT, "node_modules", "@react-router", "dev", "bin.js"), "build"], {
  cwd: PROJECT_ROOT,
  stdio: "inherit",
  env: { ...process.env, ...BUILD_SECRETS },
});
if (result.status !== 0) process.exit(result.status ?? 1);

const marker: BuildMarker = { secrets: Object.keys(BUILD_SECRETS), serverBundleModifiedMs: statSync(SERVER_BUNDLE).mtimeMs };
writeFileSync(BUILD_MARKER, `${JSON.stringify(marker, null, 2)}\n`);
