/**
 * A process that takes a data directory's lock (lib/platform/db/lock.ts) the way the server and the CLI do,
 * for the tests that race several of them: `node --import tsx test/support/lock-holder.ts <dir>`
 * prints "ready", waits for a line on stdin (the start signal, so that all race at once), tries the
 * lock, prints `{"won":true}` or `{"holder":<pid>}`, and holds what it won until stdin closes.
 */
import { createInterface } from "node:readline";
import { DatabaseInUseError, lockDataDirectory } from "@/lib/platform/db/lock";

const [dataDir] = process.argv.slice(2);
const lines = createInterface({ input: process.stdin });
console.log("ready");
lines.once("line", () => {
  try {
    const lock = lockDataDirectory(dataDir);
    console.log(JSON.stringify({ won: true }));
    lines.once("close", () => lock.release());
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.log(JSON.stringify({ holder: error.holder.pid }));
  }
});
