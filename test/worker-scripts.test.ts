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

/** Where `text` holds a character past Latin-1 (U+00FF): line numbers and the characters. */
function widerThanLatin1(text: string): string[] {
  return text.split("\n").flatMap((line, index) => {
    const wide = [...line].filter((character) => character.codePointAt(0)! > 0xff);
    return wide.length > 0 ? [`line ${index + 1}: ${wide.join(" ")}`] : [];
  });
}

// V8 keeps a script's source as long as the process runs, at one byte a character while every
// character is Latin-1 and at two bytes for all of it as soon as one is not (docs/performance.md,
// "Memory at rest"). esbuild escapes such characters in strings, not in the comments it keeps nor in
// regular expressions; Turbopack's minifier leaves them in strings.
test("the compiled server script holds no character past Latin-1, so V8 keeps its source at one byte a character", () => {
  assert.deepEqual(widerThanLatin1(fs.readFileSync(workerScript("server"), "utf8")), []);
});

test("neither do the Prisma schema and the modules with it in Next's route chunks that reach the database", () => {
  // The schema's text is in the generated client; the configuration's and the database target's messages are the chunks' own strings.
  for (const file of ["prisma/schema.prisma", "lib/platform/config/index.ts", "lib/platform/db/target.ts"]) {
    assert.deepEqual(widerThanLatin1(fs.readFileSync(file, "utf8")), [], file);
  }
});
