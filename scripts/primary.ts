/**
 * The primary of `npm start` when several server processes serve (PostgreSQL), compiled into
 * .workers/primary.mjs (lib/platform/runtime/worker-scripts.ts): scripts/start.mjs runs it once
 * scripts/prepare.ts has checked the configuration, built, migrated and seeded. It forks the server
 * processes, each running the compiled scripts/serve.ts, and hands them the connections
 * (lib/platform/runtime/cluster.ts). It imports nothing else: neither the app, Prisma nor Next, nor the
 * configuration's validation, whose results come in the plan.
 */
import cluster from "node:cluster";
import { runCluster } from "@/lib/platform/runtime/cluster";
import { announcement, type FirstRun } from "@/lib/entry/server/announcement";

/** What scripts/prepare.ts found, for the primary: how many processes, where, and what to print. */
export type ClusterPlan = {
  mode: "cluster";
  /** The compiled server process (scripts/serve.ts) and this script. */
  server: string;
  primary: string;
  workers: number;
  port: number;
  hostname: string;
  publicUrl?: string;
  database: string;
  firstRun: FirstRun;
};

export function runPrimary({ server, workers, port, hostname, publicUrl, database, firstRun }: ClusterPlan): void {
  cluster.setupPrimary({ exec: server });
  runCluster({
    workers,
    port,
    hostname,
    log: console.log,
    onReady: (url) => {
      for (const line of announcement({ url, publicUrl, database, processes: workers, firstRun })) console.log(line);
    },
  });
}
