import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and Wasm packages are loaded from node_modules at run time, never bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "@prisma/schema-engine-wasm",
    "@node-rs/argon2",
    "bcryptjs",
    "pg",
    // Compiles the worker threads' scripts when they are out of date (lib/server/worker-scripts.ts).
    "esbuild",
    // One copy per process, shared by the server and the routes (lib/runtime/metrics.ts, log.ts).
    "prom-client",
    "pino",
    "pino-pretty",
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
