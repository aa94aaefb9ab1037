/**
 * Loaded with `--import` (NODE_OPTIONS) into the processes of a server under test: every module a
 * process imports is appended, as a URL, to MODULE_LOG_DIR/<its pid>. Through Node's module hooks,
 * which see each `import` (not the `require`s inside a CommonJS package, but the package's first
 * import does pass here).
 */
import { register } from "node:module";

register("./module-log-hooks.mjs", import.meta.url);
