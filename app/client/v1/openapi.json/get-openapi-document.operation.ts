/** GET /client/v1/openapi.json: the OpenAPI 3.1 description of every operation, this one included. */
import { defineOperation, type Operation } from "@/lib/http/operation";
import { jsonBody } from "@/lib/http/openapi-components";
import { serveOpenApiDocument } from "@/lib/http/openapi";
import { OPERATIONS } from "../operations";

export const getOpenApiDocument = defineOperation({
  method: "GET",
  path: "/client/v1/openapi.json",
  operationId: "getOpenApiDocument",
  headOperationId: "headOpenApiDocument",
  tag: "description",
  summary: "This document",
  description: "The OpenAPI 3.1 description of /client/v1. Needs no client credentials.",
  security: "none",
  conditional: true,
  ok: {
    status: 200,
    response: jsonBody(
      "The OpenAPI 3.1 document",
      {
        type: "object",
        required: ["openapi", "info", "paths"],
        properties: {
          openapi: { type: "string", const: "3.1.0" },
          info: { type: "object" },
          paths: { type: "object" },
        },
      },
      ["ETag", "Revalidate"],
    ),
  },
  errors: { 406: "NotAcceptable", 503: "ServiceUnavailable" },
  handler: async ({ request }) => serveOpenApiDocument(request, DOCUMENTED),
});

/** Every operation the document describes. */
export const DOCUMENTED: readonly Operation[] = [...OPERATIONS, getOpenApiDocument];
