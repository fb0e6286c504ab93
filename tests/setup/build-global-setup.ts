import { spawnSync } from "node:child_process";
import path from "node:path";
import { PROJECT_ROOT } from "../support/server-process";

/**
 * Builds the app once (when the build is missing or older than the sources) before the suites that start the production server (load, hostile), so
 * the servers they start side by side never race to build it themselves.
 */
export default function setup(): void {
  const result = spawnSync(process.execPath, [path.join(PROJECT_ROOT, "bin", "byline.js"), "build"], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("The build failed; see the messages above.");
}
