/**
 * The worker threads' entry files are TypeScript, type-checked with the rest; a thread runs the
 * JavaScript that esbuild compiles from one into .workers/: the entry and what it imports from this
 * project in one file, packages left to load from node_modules. The same file serves under tsx
 * (the scripts, the command line, the tests) and in Next's server bundle, where no module can name
 * a source file to run. A script is compiled again whenever a file it was compiled from changed,
 * checked each time a thread starts: `npm start` and `npm test` compile them before anything runs
 * (lib/entry/server/build.ts), and an edit takes effect at the next start of its thread, under tsx too.
 *
 * The server processes of `npm start` run compiled scripts too (`server`, `primary`: ES modules), so
 * that neither tsx nor esbuild is loaded, nor a process of theirs left running, beside a server.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { requireFromProjectRoot } from "./project-require";

const ENTRIES = {
  hashing: { source: "lib/domain/passwords/hashing-worker.ts", format: "cjs" },
  database: { source: "lib/platform/db/pglite-worker-thread.ts", format: "cjs" },
  server: { source: "scripts/serve.ts", format: "esm" },
  primary: { source: "scripts/primary.ts", format: "esm" },
} as const;
export type WorkerEntry = keyof typeof ENTRIES;

const OUTPUT_DIR = ".workers";

/** What a script was compiled from: its input files, as paths from the root, and a hash of their contents. */
type Stamp = { inputs: string[]; hash: string };

/** The compiled script of `entry`, compiled first unless it is current. */
export function workerScript(entry: WorkerEntry, root = process.cwd()): string {
  const { source, format } = ENTRIES[entry];
  const script = path.join(root, OUTPUT_DIR, `${entry}.${format === "esm" ? "mjs" : "cjs"}`);
  const stampFile = path.join(root, OUTPUT_DIR, `${entry}.json`);
  if (!isCurrent(root, script, stampFile)) compile(root, source, format, script, stampFile);
  return script;
}

/** Compiles every script that is not current: the worker threads' and the server processes'. */
export function compileWorkerScripts(root = process.cwd()): void {
  for (const entry of Object.keys(ENTRIES) as WorkerEntry[]) workerScript(entry, root);
}

function isCurrent(root: string, script: string, stampFile: string): boolean {
  if (!fs.existsSync(script) || !fs.existsSync(stampFile)) return false;
  const stamp = JSON.parse(fs.readFileSync(stampFile, "utf8")) as Stamp;
  return (
    stamp.inputs.every((input) => fs.existsSync(path.join(root, input))) &&
    contentHash(root, stamp.inputs) === stamp.hash
  );
}

function contentHash(root: string, inputs: string[]): string {
  const hash = createHash("sha256");
  for (const input of inputs)
    hash
      .update(input)
      .update("\0")
      .update(fs.readFileSync(path.join(root, input)))
      .update("\0");
  return hash.digest("hex");
}

function compile(root: string, entry: string, format: "cjs" | "esm", script: string, stampFile: string): void {
  // Loaded only to compile, which a server whose scripts are current never does.
  const { buildSync } = requireFromProjectRoot()("esbuild") as typeof import("esbuild");
  const { outputFiles, metafile } = buildSync({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    packages: "external",
    platform: "node",
    format,
    target: "node20",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const inputs = Object.keys(metafile.inputs).sort();
  fs.mkdirSync(path.dirname(script), { recursive: true });
  // The script before its stamp, each whole: another process may be reading or compiling it too.
  writeWhole(script, outputFiles[0].text);
  writeWhole(stampFile, JSON.stringify({ inputs, hash: contentHash(root, inputs) } satisfies Stamp));
}

function writeWhole(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}
