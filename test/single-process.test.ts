import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { metricsOfEachProcess, startServerProcess } from "./support/server-process";

// `npm start` on the embedded database, whichever database the rest of the suite runs on.
test("on the embedded database the server runs one process, whatever WEB_CONCURRENCY asks, and says so", async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-single-"));
  const token = randomBytes(16).toString("hex");
  const server = await startServerProcess({ DATABASE_URL: `pglite:${path.join(directory, "db")}`, WEB_CONCURRENCY: "2", METRICS_TOKEN: token });
  try {
    assert.match(server.output(), /One server process: the embedded database is single-process, so WEB_CONCURRENCY=2 is ignored/);
    assert.match(server.output(), /Ready on \S+ +\(embedded PostgreSQL \(PGlite\)[^;]*; 1 server process\)/);
    const answered = await metricsOfEachProcess(server.url, token, 2);
    assert.equal(answered.size, 1, "every connection is answered by the same process");
  } finally {
    await server.stop();
    fs.rmSync(directory, { recursive: true, force: true });
  }
});
