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
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
