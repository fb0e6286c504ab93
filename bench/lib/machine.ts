/** What the report says about the machine and the code it measured. */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import type { MachineInfo } from "./report";

function commandOutput(command: string, args: string[], cwd: string): string | null {
  try {
    return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

function operatingSystem(): string {
  let name = `${os.type()} ${os.release()}`;
  try {
    const release = readFileSync("/etc/os-release", "utf8");
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(release)?.[1];
    if (pretty) name = `${pretty}, kernel ${os.release()}`;
  } catch {
    // Not Linux, or no os-release: the kernel name and release will do.
  }
  return `${name} (${os.arch()})`;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: os.availableParallelism(),
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: operatingSystem(),
    node: process.version,
    extra: [],
  };
}

/**
 * The short commit of the checkout in `root`, with "+ uncommitted changes" when its tracked files differ
 * from it. `--no-optional-locks` keeps git status from rewriting the index of a checkout someone works in.
 */
export function commitDescription(root: string): { short: string; description: string } {
  const short = commandOutput("git", ["rev-parse", "--short", "HEAD"], root);
  if (!short) return { short: "nocommit", description: "unknown (not a git checkout)" };
  const status = commandOutput("git", ["--no-optional-locks", "status", "--porcelain", "--untracked-files=no"], root);
  const subject = commandOutput("git", ["log", "-1", "--format=%s"], root) ?? "";
  const shortSubject = subject.length > 80 ? `${subject.slice(0, 77)}...` : subject;
  const dirty = status ? " + uncommitted changes" : "";
  return { short, description: `${short}${dirty} (${shortSubject})` };
}

/** `wrk -v`, `nginx -v`: the first line a tool prints about its version (on stdout or stderr), or null when it is not installed. */
export function toolVersion(command: string, args: string[]): string | null {
  // wrk -v exits with 1 after printing its version; nginx -v prints it on stderr.
  const result = spawnSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.error) return null;
  const text = `${result.stdout}\n${result.stderr}`.trim();
  return text === "" ? null : text.split("\n")[0]!.trim();
}
