/**
 * The reference reads every app launch makes, as one table from path to prepared body, and the
 * operation of each (app/client/v1/…/*.operation.ts, declared with referenceReadOperation). Each
 * prepares its answer (`answer`: status, headers and the prepared bytes, from the request's
 * headers), which its route wraps in a Response for Next. They are fast-path operations: once Next
 * has loaded a route, the server's fast path (lib/entry/server/reference-fast-path.ts) takes GETs
 * and HEADs of its path to that same prepared answer, before Next's router would see them, and
 * writes it as it is.
 */
import type { z } from "zod";
import { cachedAnswer } from "./cached-response";
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
    answer: async ({ headers }) =>
      cachedAnswer(headers.get("if-none-match"), await referenceBody(REFERENCE_READS[path])),
  });
}
