/** Compiling the worker threads' TypeScript entry files into .workers/ (lib/platform/runtime/worker-scripts.ts). */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { workerScript } from "@/lib/platform/runtime/worker-scripts";

test("a worker thread's script is compiled again when a file it is compiled from changed, and only then", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "remit-workers-"));
  try {
    // Stand-ins for the hashing thread's entry file and a module it imports.
    fs.mkdirSync(path.join(root, "lib", "domain", "passwords"), { recursive: true });
    const entry = path.join(root, "lib", "domain", "passwords", "hashing-worker.ts");
    const imported = path.join(root, "lib", "domain", "passwords", "imported.ts");
    fs.writeFileSync(imported, "export const answer: number = 1;");
    fs.writeFileSync(entry, 'import { answer } from "./imported";\nconsole.log(answer);');
    const compiled = () => {
      const script = workerScript("hashing", root);
      return { text: fs.readFileSync(script, "utf8"), file: fs.statSync(script).ino };
    };

    const first = compiled();
    assert.match(first.text, /answer = 1;/);
    assert.doesNotMatch(first.text, /: number/, "JavaScript, the types gone");
    assert.equal(compiled().file, first.file, "nothing changed: the same file, not compiled again");
    fs.writeFileSync(imported, "export const answer: number = 2;");
    assert.match(compiled().text, /answer = 2;/, "an imported file changed");
    fs.writeFileSync(entry, 'import { answer } from "./imported";\nconsole.log(answer + 1);');
    assert.match(compiled().text, /answer \+ 1/, "the entry changed");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
