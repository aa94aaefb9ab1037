/**
 * One public operation (a method on a /client/v1 path), declared once beside its route
 * (app/client/v1/<path>/<name>.operation.ts): what it answers and why, its request and response
 * schemas, the statuses it may answer with, and its handler. The route file serves the declarations
 * of its path (`routeOf`), and the OpenAPI document is assembled from the list of them
 * (app/client/v1/operations.ts, lib/http/openapi.ts), so the two cannot disagree.
 */
import type { z } from "zod";
import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { FieldError } from "@/lib/platform/errors/domain-error";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import type { Device } from "@/lib/domain/tokens/device";
import { parseFieldsApart, type RawInput } from "@/lib/platform/validation/parse-input";
import type { AnswerRoute, Method, RouteExports } from "./build-route";
import { processGlobal } from "@/lib/platform/runtime/process-global";
import { readBody, readInput } from "./input";
import type { ErrorRefs, Security, TagName } from "./openapi-components";
import { readDevice } from "./read-device";
import { customerRoute, type CustomerRequestContext } from "./with-customer";
import { type AnswerHandler, clientAnswerRoute, clientRoute, publicRoute, type RequestContext } from "./with-client";

/**
 * What a handler is given, by the credentials its operation needs; `input` when it declares a body,
 * `device` on writes; `problems`, the fields of the body that failed their own checks (only with `fieldsApart`).
 */
type ContextOf<S extends Security> = S extends "client+bearer"
  ? CustomerRequestContext
  : S extends "client"
    ? RequestContext
    : Pick<RequestContext, "request" | "requestId">;
type HandlerContext<S extends Security, Body> = ContextOf<S> & { input: Body; device: Device; problems: FieldError[] };

/**
 * What answers the operation: a handler that makes a Response; or, for a GET with client
 * credentials answered from memory (the reference reads), `answer`, which prepares its answer from
 * the request's headers (status, headers, bytes): Next's route wraps it in a Response, and the
 * server's fast path writes it as it is, with no undici object made for either the request or the
 * answer.
 */
type Answering<S extends Security, B extends z.ZodObject | undefined> =
  | {
      handler(context: HandlerContext<S, B extends z.ZodObject ? z.infer<B> : undefined>): Promise<Response>;
      answer?: undefined;
    }
  | (S extends "client" ? (B extends undefined ? { answer: AnswerHandler; handler?: undefined } : never) : never);

export type OperationDeclaration<S extends Security, B extends z.ZodObject | undefined> = Answering<S, B> & {
  method: Method;
  /** As OpenAPI writes it: `/client/v1/sessions/{id}`. */
  path: string;
  operationId: string;
  /** A GET's HEAD, described beside it. */
  headOperationId?: string;
  tag: TagName;
  summary: string;
  description: string;
  security: S;
  /** The request body, a form or JSON with the same fields. */
  body?: B;
  /** Checks across fields or against the API client, after the body's own (e.g. a link's allowed origin). */
  crossChecks?: (raw: RawInput, client: AuthenticatedClient) => FieldError[];
  /**
   * A body of optional, independent fields (a change): the fields that fail their own checks are
   * left out of `input` and handed to the handler as `problems`, for the domain to throw with those
   * of its own checks of the others, all in one answer.
   */
  fieldsApart?: boolean;
  pathParameters?: { name: string; description: string; schema: Record<string, unknown> }[];
  /** A GET that records the customer's device with what it did (the X-Client-* headers, as a write does). */
  recordsDevice?: boolean;
  /** Answers 304 to a matching If-None-Match (a read served with an ETag). */
  conditional?: boolean;
  /**
   * A call every app makes all the time (login, register, the reference reads): once Next has
   * loaded its route, the node:http server hands it to the handler the route file exports, before
   * Next's router (lib/entry/server/route-fast-path.ts for a POST, reference-fast-path.ts for a GET).
   */
  fastPath?: boolean;
  ok: { status: 200 | 201; response: ResponseConfig };
  errors: ErrorRefs;
};

export type Operation = OperationDeclaration<Security, z.ZodObject | undefined>;

/** Declares an operation; the type follows its security and body, so the handler's context is exact. */
export function defineOperation<S extends Security, B extends z.ZodObject | undefined = undefined>(
  declaration: OperationDeclaration<S, B>,
): OperationDeclaration<S, B> {
  return declaration;
}

/** What the route file of one path exports: its operations' handlers behind the wrapper their security needs. */
export function routeOf(...operations: Operation[]): RouteExports {
  const [first] = operations;
  if (!first || operations.some((operation) => operation.path !== first.path || operation.security !== first.security))
    throw new Error("routeOf takes the operations of one path, with the same security");
  const handlers = Object.fromEntries(
    operations.flatMap((operation) =>
      operation.handler ? [[operation.method, serve(operation, operation.handler)]] : [],
    ),
  );
  const answers = Object.fromEntries(
    operations.flatMap((operation) =>
      operation.answer ? [[operation.method, clientAnswerRoute(operation.answer)]] : [],
    ),
  );
  const route =
    first.security === "none"
      ? publicRoute(handlers)
      : first.security === "client"
        ? clientRoute(handlers, answers)
        : customerRoute(handlers);
  for (const operation of operations)
    if (operation.fastPath)
      fastRoutes().set(`${operation.method} ${operation.path}`, {
        handler: route[operation.method],
        answer: answers[operation.method],
      });
  return route;
}

/** A fast-path operation as its route serves it: the handler the route file exports, and the prepared answer it wraps, if it has one. */
type FastRoute = { handler: RouteExports[Method]; answer?: AnswerRoute };

// Filled as Next loads route modules, in the process Next runs in: one copy of each handler, Next's own.
// Both fast paths find their handler here, by method and path.
const fastRoutes = () => processGlobal("fast-routes", () => new Map<string, FastRoute>());

/** The handler of a fast-path operation (`fastPath`) once its route is loaded, exactly as its route file exports it. */
export function fastRouteHandler(method: string, path: string): RouteExports[Method] | undefined {
  return fastRoutes().get(`${method} ${path}`)?.handler;
}

/**
 * The prepared answer of a fast-path operation declared with `answer`, once its route is loaded:
 * the function its route file's handler wraps in a Response, with the route's every step
 * (credentials, request id, the error translator).
 */
export function fastRouteAnswer(method: string, path: string): AnswerRoute | undefined {
  return fastRoutes().get(`${method} ${path}`)?.answer;
}

/** The handler with what it was declared to take: the device on a write (or `recordsDevice`), the body read and checked. */
function serve(operation: Operation, handler: NonNullable<Operation["handler"]>) {
  return async (context: Partial<CustomerRequestContext> & Pick<RequestContext, "request" | "requestId">) => {
    const write = operation.method !== "GET";
    const device = (write || operation.recordsDevice ? readDevice(context.request) : undefined) as Device;
    const { body, crossChecks } = operation;
    if (body && operation.fieldsApart) {
      const raw = await readBody(context.request);
      const { input, problems } = parseFieldsApart(body, raw);
      problems.push(...(crossChecks?.(raw, context.client as AuthenticatedClient) ?? []));
      return handler({ ...(context as CustomerRequestContext), input, device, problems });
    }
    const input = body
      ? await readInput(
          context.request,
          body,
          crossChecks && ((raw) => crossChecks(raw, context.client as AuthenticatedClient)),
        )
      : undefined;
    return handler({ ...(context as CustomerRequestContext), input, device, problems: [] });
  };
}
