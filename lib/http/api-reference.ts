/**
 * GET /client/v1/docs: the OpenAPI document (./openapi.ts) as a page for people, drawn in the browser
 * by Redoc's standalone build. The build is read from the installed package and written into the
 * page itself, so the page loads nothing but the document from this server: no script, font or image
 * from anywhere else. The page's own Content-Security-Policy (beside the headers every response gets,
 * lib/entry/server/security-headers.ts) allows that script by its hash, and nothing from any other host.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { requireFromProjectRoot } from "@/lib/platform/runtime/project-require";
import { notAcceptable } from "./errors";
import { accepts } from "./openapi";

type ApiReferencePage = { html: string; policy: string };

/** Redoc's options: the system's fonts (it would name Roboto and Montserrat), the 2xx answers open. */
const REDOC_OPTIONS = {
  expandResponses: "200,201",
  theme: {
    typography: {
      fontFamily: "system-ui, sans-serif",
      headings: { fontFamily: "system-ui, sans-serif" },
      code: { fontFamily: "ui-monospace, monospace" },
    },
  },
};

// Built at the first request: 1.1 MB of script, read once.
let page: ApiReferencePage | undefined;

function buildPage(): ApiReferencePage {
  const bundle = requireFromProjectRoot().resolve("redoc/bundles/redoc.standalone.js");
  // The source map is not served: without this line a browser's developer tools would ask for it.
  const redoc = fs.readFileSync(bundle, "utf8").replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
  if (/<\/script/i.test(redoc)) throw new Error(`${bundle} cannot be written inside a <script> element`);
  // The document sits beside this page: /client/v1/openapi.json.
  const script = `${redoc}\nRedoc.init("openapi.json", ${JSON.stringify(REDOC_OPTIONS)}, document.getElementById("api-reference"));\n`;
  const html = [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>API reference: /client/v1</title>",
    "</head>",
    '<body style="margin:0">',
    '<div id="api-reference"></div>',
    `<script>${script}</script>`,
    "</body>",
    "</html>",
  ].join("\n");
  return { html, policy: policyFor(`sha256-${createHash("sha256").update(script).digest("base64")}`) };
}

/**
 * The page runs its one script, known by its hash, reads the document from this server and loads
 * nothing from anywhere else. Redoc writes its styles inline and runs its search in a worker it makes
 * from a blob; the one image it names elsewhere (its makers' logo) is refused.
 */
function policyFor(scriptHash: string): string {
  return [
    "default-src 'none'",
    `script-src '${scriptHash}'`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "worker-src blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** GET (and HEAD) /client/v1/docs. */
export function serveApiReference(request: Request): Response {
  if (!accepts(request.headers.get("accept"), "text/html"))
    throw notAcceptable("This page is served as text/html only");
  page ??= buildPage();
  const { html, policy } = page;
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": policy },
  });
}
