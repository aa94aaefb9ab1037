/** Whether `npm start` needs a new build (lib/entry/server/build.ts). */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { buildIsCurrent, sourceHash } from "@/lib/entry/server/build";

test("npm start rebuilds only when an input of the build changed", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "remit-build-"));
  try {
    fs.mkdirSync(path.join(root, "app"));
    fs.writeFileSync(path.join(root, "app", "page.tsx"), "export default 1;");
    assert.equal(buildIsCurrent(root), false, "no build yet");
    fs.mkdirSync(path.join(root, ".next"));
    fs.writeFileSync(path.join(root, ".next", "BUILD_ID"), "x");
    fs.writeFileSync(path.join(root, ".next", "source-hash"), sourceHash(root));
    assert.equal(buildIsCurrent(root), true);
    fs.writeFileSync(path.join(root, "README.md"), "not an input of the build");
    assert.equal(buildIsCurrent(root), true);
    fs.writeFileSync(path.join(root, "app", "page.tsx"), "export default 2;");
    assert.equal(buildIsCurrent(root), false, "a changed source needs a new build");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
