import { spawn } from "node:child_process";
import path from "node:path";
import { build } from "esbuild";
import { PROJECT_ROOT } from "../../app/db/client.server";

/*
 * The command-line scripts (`npm run admin`, `export`, `import`) as tests run them. `npm run` starts them with tsx,
 * which spends about 0.8 s of each command transforming and resolving modules; a test run that starts a hundred
 * commands bundles them once with esbuild (the same transform tsx uses) and starts `node` on the bundles instead,
 * 0.5 s a command (decision 037). The e2e suite's README promises (`readme-promises.spec.ts`) still go through tsx.
 */

export type ScriptName = "admin" | "export" | "import";
const SCRIPTS: ScriptName[] = ["admin", "export", "import"];

/** The environment variable through which the e2e global setup hands its bundles to the workers. */
export const SCRIPT_BUNDLES_ENV = "TEST_SCRIPT_BUNDLES";

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Bundles the scripts into `outDir` as `admin.mjs`, `export.mjs` and `import.mjs`, with the packages left to node_modules. */
export async function bundleScripts(outDir: string): Promise<void> {
  await build({
    entryPoints: Object.fromEntries(SCRIPTS.map((name) => [name, path.join(PROJECT_ROOT, "scripts", `${name}.ts`)])),
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    packages: "external",
    alias: { "~": path.join(PROJECT_ROOT, "app") },
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
  });
}

/**
 * Runs a command to completion in the project's folder, with PATH, HOME and `env` as its whole environment and
 * `stdin` (when given) piped in, and returns its exit code and output.
 */
export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
  { stdin }: { stdin?: string } = {},
): Promise<CommandResult> {
  const child = spawn(command, args, {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  if (stdin !== undefined) child.stdin?.end(stdin);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Runs `npm run SCRIPT -- ...args`: on the run's bundle when `bundles` (by default the e2e run's, from
 * SCRIPT_BUNDLES_ENV) names a folder of them, otherwise through tsx as `npm run` does.
 */
export function runScript(
  script: ScriptName,
  args: string[],
  env: Record<string, string>,
  { stdin, bundles = process.env[SCRIPT_BUNDLES_ENV] }: { stdin?: string; bundles?: string | undefined } = {},
): Promise<CommandResult> {
  if (bundles) return runCommand(process.execPath, [path.join(bundles, `${script}.mjs`), ...args], env, { stdin });
  const tsx = path.join(PROJECT_ROOT, "node_modules", ".bin", "tsx");
  return runCommand(tsx, [path.join("scripts", `${script}.ts`), ...args], env, { stdin });
}
