import { mkdirSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../../app/db/client.server";

let made = 0;

/**
 * A new, empty folder under tests/.tmp (git ignores it), named after the test that asked for it and unique in the run
 * (the process and a count), for a newsroom's DATA_DIR or the files a test writes. The caller removes it.
 */
export function freshTestDir(name: string): string {
  made += 1;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `${name}-${process.pid}-${Date.now()}-${made}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}
