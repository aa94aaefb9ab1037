// `prisma generate` only needs the schema engine binary to exist, not to run; we never download it
// (migrations use the Wasm engine), so point it at any existing file.
import { spawnSync } from "node:child_process";

const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
};
const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], {
  stdio: "inherit",
  env,
});
process.exit(result.status ?? 1);
