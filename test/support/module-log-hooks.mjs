/** The hooks of module-log.mjs: they run on Node's hooks thread, in the process whose imports they see. */
import fs from "node:fs";
import path from "node:path";

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  fs.appendFileSync(path.join(process.env.MODULE_LOG_DIR, String(process.pid)), `${resolved.url}\n`);
  return resolved;
}
