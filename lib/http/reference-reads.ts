/**
 * The reference reads every app launch makes, as one table from path to prepared body, and the
 * operation of each (app/client/v1/…/*.operation.ts, declared with referenceReadOperation). They are
 * fast-path operations: once Next has loaded a route, the server's fast path
 * (lib/entry/server/reference-fast-path.ts) hands GETs and HEADs of its path to the handler the route
 * file exports, before Next's router would see them.
 */
import type { z } from "zod";
import { cachedResponse } from "./cached-response";
import { jsonBody } from "./openapi-components";
import { defineOperation } from "./operation";
import { type ReferenceBodies, referenceBody } from "./reference-bodies";

export const REFERENCE_READS = {
  "/client/v1/countries": "countries",
  "/client/v1/sources": "sources",
  // The same resource as /client/v1/sources, under the path some app versions use.
  "/client/v1/countries/sources": "sources",
  "/client/v1/settings": "settings",
} as const satisfies Record<string, keyof ReferenceBodies>;

export type ReferenceReadPath = keyof typeof REFERENCE_READS;

type ReferenceReadDescription = {
  operationId: string;
  headOperationId: string;
  summary: string;
  description: string;
  /** The 200's description, and its body's schema. */
  ok: { description: string; schema: z.ZodType };
};

/** The operation of the reference read of `path`: GET (and HEAD) with client credentials, a 200 or a 304 from memory. */
export function referenceReadOperation(path: ReferenceReadPath, read: ReferenceReadDescription) {
  return defineOperation({
    method: "GET",
    path,
    operationId: read.operationId,
    headOperationId: read.headOperationId,
    tag: "reference",
    summary: read.summary,
    description: `${read.description} Served from memory with an ETag; send If-None-Match to get a 304 while nothing changed.`,
    security: "client",
    conditional: true,
    fastPath: true,
    ok: { status: 200, response: jsonBody(read.ok.description, read.ok.schema, ["ETag", "Revalidate"]) },
    errors: { 401: "Unauthorized", 503: "ServiceUnavailable" },
    // The body's 200, or a 304 for the client's ETag.
    handler: async ({ request }) => cachedResponse(request, await referenceBody(REFERENCE_READS[path])),
  });
}
