/**
 * The reference reads every app launch makes, as one table from path to prepared body. Both ways a
 * request can reach them use it: the route files (app/client/v1/…/route.ts, through clientRoute)
 * and the server's fast path (lib/server/reference-fast-path.ts), which answers authenticated GETs
 * and HEADs of these paths on node:http before Next's router would see them.
 */
import { answerResponse, type CachedAnswer, cachedAnswer } from "./cached-response";
import { type ReferenceBodies, referenceBody } from "./reference-bodies";
import { clientRoute } from "./with-client";
import type { RouteExports } from "./build-route";

export const REFERENCE_READS = {
  "/client/v1/countries": "countries",
  "/client/v1/sources": "sources",
  // The same resource as /client/v1/sources, under the path some app versions use.
  "/client/v1/countries/sources": "sources",
  "/client/v1/settings": "settings",
} as const satisfies Record<string, keyof ReferenceBodies>;

export type ReferenceReadPath = keyof typeof REFERENCE_READS;

/** The read itself, once the credentials are checked: the body's 200, or a 304 for the client's ETag. */
export async function readReference(path: ReferenceReadPath, headers: Pick<Headers, "get">): Promise<CachedAnswer> {
  return cachedAnswer(headers.get("if-none-match"), await referenceBody(REFERENCE_READS[path]));
}

/** What the route file of `path` exports. */
export function referenceReadRoute(path: ReferenceReadPath): RouteExports {
  return clientRoute({
    GET: async ({ request }) => answerResponse(await readReference(path, request.headers)),
  });
}
