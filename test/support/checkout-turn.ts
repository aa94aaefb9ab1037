/**
 * A turn at something of the checkout's own that two test processes cannot share: CI runs the
 * suite's two passes side by side in one checkout, so the same file runs twice at about the same
 * time. Next's development server is one per checkout, and the layers' test plants files in lib/
 * that the other pass's whole-tree check would see. The turn is a lock file beside `.next/<name>`
 * (lib/platform/db/lock.ts: it names its process, and a dead holder's is taken over), waited for.
 */
import path from "node:path";
import { DatabaseInUseError, lockDataDirectory, type DataDirectoryLock } from "@/lib/platform/db/lock";

export async function checkoutTurn(name: string, deadline = Date.now() + 10 * 60_000): Promise<DataDirectoryLock> {
  for (;;) {
    try {
      return lockDataDirectory(path.resolve(".next", name));
    } catch (error) {
      if (!(error instanceof DatabaseInUseError) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
