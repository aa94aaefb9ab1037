/**
 * `require` as Node resolves packages from the project's root (the working directory, which `npm
 * start`, the tests and the command line all run from). In Next's server bundle a require or a
 * resolve from the calling module would be the bundler's module id, not a path into node_modules:
 * files a package ships (a word list, the tz data, a browser bundle) are found through this.
 */
import { createRequire } from "node:module";
import path from "node:path";

export const requireFromProjectRoot = (): NodeJS.Require => createRequire(path.join(process.cwd(), "package.json"));
