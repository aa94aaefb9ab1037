/**
 * `npm start` builds only when the sources changed since the last build: a hash of every input of
 * `next build` is kept beside the build output. The worker threads' scripts, which are checked
 * file by file, are compiled first if they are out of date (lib/platform/runtime/worker-scripts.ts).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { compileWorkerScripts } from "@/lib/platform/runtime/worker-scripts";

const INPUTS = [
  "app",
  "components",
  "lib",
  "emails",
  "next.config.mjs",
  "tsconfig.json",
  "package-lock.json",
  "prisma/schema.prisma",
];
const IGNORED = new Set(["generated", "node_modules", ".next", ".data"]);
const STAMP = path.join(".next", "source-hash");

export function sourceHash(root = process.cwd()): string {
  const hash = createHash("sha256");
  const visit = (relative: string) => {
    const absolute = path.join(root, relative);
    if (!fs.existsSync(absolute)) return;
    const stat = fs.statSync(absolute);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(absolute).sort()) {
        if (!IGNORED.has(entry)) visit(path.join(relative, entry));
      }
    } else {
      hash.update(relative).update("\0").update(fs.readFileSync(absolute)).update("\0");
    }
  };
  INPUTS.forEach(visit);
  return hash.digest("hex");
}

export function buildIsCurrent(root = process.cwd()): boolean {
  const stamp = path.join(root, STAMP);
  return (
    fs.existsSync(path.join(root, ".next", "BUILD_ID")) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, "utf8") === sourceHash(root)
  );
}

export function buildIfNeeded(log: (line: string) => void = console.log, root = process.cwd()): void {
  compileWorkerScripts(root);
  if (buildIsCurrent(root)) return;
  log("Building the app (next build); this happens once per change to the sources…");
  const hash = sourceHash(root);
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    },
  );
  if (result.status !== 0) throw new Error("next build failed (see above)");
  fs.writeFileSync(path.join(root, STAMP), hash);
}
