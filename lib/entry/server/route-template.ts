/**
 * The route template a request path belongs to (`/client/v1/login`, `/api/admin/customers/[id]`),
 * for the metrics' and the log's `route`: never the path itself, whose ids would make every
 * customer a series of its own. Read from the build's routes manifest, as Next matches them: the
 * static routes by name, then the dynamic ones in the manifest's order. Next's own assets share one
 * label, and anything else (a public file, a path no route serves) another.
 */
import fs from "node:fs";
import path from "node:path";

export const OTHER_ROUTE = "other";
const NEXT_ASSETS = "/_next/";

type Manifest = { staticRoutes: { page: string }[]; dynamicRoutes: { page: string; regex: string }[] };

export function routeTemplates(buildDir: string): (url: string | undefined) => string {
  const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(buildDir, "routes-manifest.json"), "utf8"));
  const statics = new Set(manifest.staticRoutes.map((route) => route.page));
  const dynamics = manifest.dynamicRoutes.map((route) => ({ page: route.page, regex: new RegExp(route.regex) }));
  return (url = "/") => {
    const end = url.search(/[?#]/);
    let pathname = end < 0 ? url : url.slice(0, end);
    if (pathname.startsWith(NEXT_ASSETS)) return NEXT_ASSETS;
    if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
    if (statics.has(pathname)) return pathname;
    return dynamics.find((route) => route.regex.test(pathname))?.page ?? OTHER_ROUTE;
  };
}
