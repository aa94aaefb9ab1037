/**
 * A turn at something of the checkout's own that two test processes cannot share: CI runs the
 * suite's two passes side by side in one checkout, so the same file runs twice at about the same
 * time. Next's development server is one per checkout, and the layers' test plants files in lib/
 * that the other pass's whole-tree check would see. The turn is a lock file beside `.next/<name>`,
 * waited for (tooling/wait-for-lock.ts).
 */
import path from "node:path";
import type { DataDirectoryLock } from "@/lib/platform/db/lock";
import { waitForLock } from "@/tooling/wait-for-lock";

export const checkoutTurn = (name: string): DataDirectoryLock => waitForLock(path.resolve(".next", name));
