/**
 * Next's configuration. JavaScript rather than TypeScript: Next compiles a next.config.ts with its
 * native SWC binding each time a server starts, which would keep that library (23 MB resident) loaded in every
 * server process for nothing.
 *
 * @type {import("next").NextConfig}
 */
const nextConfig = {
  // Native and Wasm packages are loaded from node_modules at run time, never bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "@prisma/schema-engine-wasm",
    "@node-rs/argon2",
    "bcryptjs",
    "pg",
    // Compiles the worker threads' scripts when they are out of date (lib/platform/runtime/worker-scripts.ts).
    "esbuild",
    // One copy per process, shared by the server and the routes (lib/platform/runtime/metrics.ts, log.ts).
    "prom-client",
    "pino",
    "pino-pretty",
    // The tracing API (lib/platform/runtime/tracing.ts): its global registry is one per process anyway.
    "@opentelemetry/api",
    // The tz database (lib/domain/reference-data/timezone-offsets.ts): its zones are unpacked once per process.
    "moment-timezone",
  ],
  experimental: {
    // Each route's code is loaded with its first request, not all of them at start (Next's default
    // since 15): a server process then holds only what it serves, not the back office's and every
    // other route's bundles (about 28 MB at rest in a process that serves only the public API;
    // docs/performance.md, "Memory").
    preloadEntriesOnStart: false,
  },
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
