import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** `npm run -s cli -- …args` in a process of its own, with `env` added to this one's; never throws. */
export function runCli(env: Record<string, string>, ...args: string[]) {
  return runScript("scripts/cli.ts", env, ...args);
}

/** `tsx <script> …args` (scripts/db.ts, say) in a process of its own, with `env` added to this one's; never throws. */
export async function runScript(
  script: string,
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The CLI prints one JSON document per line. */
export const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
