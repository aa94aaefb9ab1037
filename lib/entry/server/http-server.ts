/**
 * The HTTP server of `npm start`: Next's production build on a node:http server of our own, which sets
 * the peer's address and the security headers before Next sees a request, gives every response a
 * request id, times and logs each request (one line, and the duration histogram of the metrics),
 * makes its root span when tracing is on (the fast paths' requests too, which Next never sees),
 * and drains connections on close.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import next from "next";
import { PEER_ADDRESS_HEADER } from "@/lib/http/request-address";
import { newRequestId, REQUEST_ID_HEADER } from "@/lib/http/respond";
import { takeConnectionsFromPrimary } from "@/lib/platform/runtime/cluster";
import { log, requestLog } from "@/lib/platform/runtime/log";
import { recordRequest, startMetrics } from "@/lib/platform/runtime/metrics";
import { routeTemplates } from "./route-template";
import { setSecurityHeaders } from "./security-headers";
import { answerReferenceRead } from "./reference-fast-path";
import { answerFastRoute } from "./route-fast-path";
import { rememberServerUrl, serverUrl } from "@/lib/platform/runtime/server-url";
import { startRequestSpan } from "@/lib/platform/runtime/tracing";

const DRAIN_TIMEOUT_MS = 10_000;
const API_PREFIX = "/client/v1/";
/** What Next's base server sets as Vary on every App Router response (setVaryHeader), for its client router. */
const ROUTER_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

export type ServerOptions = { port: number; hostname: string; dir?: string };
export type RunningServer = { url: string; port: number; close(): Promise<void> };
export type ClusterWorkerServer = { close(): Promise<void> };

let served = 0;
/** How many requests this process's servers have taken so far (collect-when-idle.ts watches it). */
export const requestsServed = () => served;

/** Next's production server (the output of `next build`) on a plain node:http server, listening on `port`. */
export async function startHttpServer(options: ServerOptions): Promise<RunningServer> {
  const { server, close } = await nextOnNodeHttp(options);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = serverUrl(options.hostname, port);
  rememberServerUrl(url);
  return { url, port, close };
}

/** The same server in a cluster worker: it serves the connections the primary accepts and hands over. */
export async function startClusterWorkerServer(options: ServerOptions): Promise<ClusterWorkerServer> {
  const { server, close } = await nextOnNodeHttp(options);
  // The primary listens on the configured port and announces this same address.
  rememberServerUrl(serverUrl(options.hostname, options.port));
  // http.Server starts tracking its connections (idle closing, header and request timeouts) on
  // 'listening'; this one never listens, as its connections come from the primary.
  server.emit("listening");
  takeConnectionsFromPrimary(server);
  return { close };
}

async function nextOnNodeHttp(options: ServerOptions): Promise<{ server: http.Server; close(): Promise<void> }> {
  const dir = options.dir ?? process.cwd();
  const app = next({ dev: false, dir, hostname: options.hostname, port: options.port });
  await app.prepare();
  startMetrics();
  const routeOf = routeTemplates(path.join(dir, ".next"));
  const handle = app.getRequestHandler();
  const serve = (request: http.IncomingMessage, response: http.ServerResponse) => {
    // Timed and logged like every other request, by the listener on 'close'.
    if (answerReferenceRead(request, response) || answerFastRoute(request, response)) return;
    if (refuseUndecodablePath(request, response)) return;
    if (request.url?.startsWith(API_PREFIX)) response.setHeader = setHeaderButRouterVary;
    handle(request, response).catch((error) => {
      log().error({ err: error, req_id: requestIdOf(response) }, "request failed outside any route");
      if (!response.headersSent) {
        response.writeHead(500, { "Content-Type": "application/json" });
        response.end('{"code":500,"type":"api_error","message":"An unexpected error occurred"}');
      }
    });
  };
  const server = http.createServer((request, response) => {
    served++;
    const started = process.hrtime.bigint();
    const route = routeOf(request.url);
    // With tracing on, the request's root span, active for everything below and in its log line.
    const span = startRequestSpan(request.method ?? "GET", route);
    stampPeerAddress(request);
    setSecurityHeaders(request, response);
    response.writeHead = writeHeadWithRequestId;
    const logRequest = () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const { statusCode: status } = response;
      // A client that went away before the end of its answer is logged as such, and not timed.
      const aborted = !response.writableFinished;
      if (!aborted) recordRequest(route, status, seconds);
      requestLog().info(
        {
          req_id: requestIdOf(response),
          method: request.method,
          route,
          status,
          duration_ms: Math.round(seconds * 1e4) / 10,
          ...(aborted && { aborted }),
        },
        `${request.method} ${route} ${status}`,
      );
      span?.end(status, aborted);
    };
    response.once("close", span ? span.bind(logRequest) : logRequest);
    if (span) span.run(() => serve(request, response));
    else serve(request, response);
  });
  server.keepAliveTimeout = 65_000;

  // Counted here rather than by server.close(), which does not see connections handed over by a primary.
  const open = new Set<Socket>();
  let drained: (() => void) | undefined;
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => {
      open.delete(socket);
      if (open.size === 0) drained?.();
    });
  });

  // Requests in flight finish (their connections close once idle); whatever still runs after DRAIN_TIMEOUT_MS is cut off.
  const close = () =>
    new Promise<void>((resolve) => {
      server.close();
      const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
      const cutOff = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
      drained = () => {
        drained = undefined;
        clearInterval(closeIdle);
        clearTimeout(cutOff);
        void app.close?.();
        resolve();
      };
      server.closeIdleConnections();
      if (open.size === 0) drained();
    });
  return { server, close };
}

/**
 * Route handlers cannot see the connection, so its peer's address travels to them in a header of
 * ours (see lib/http/request-address.ts); whatever a client sent under that name is replaced.
 */
function stampPeerAddress(request: http.IncomingMessage): void {
  const peer = request.socket.remoteAddress;
  if (peer) request.headers[PEER_ADDRESS_HEADER] = peer;
  else delete request.headers[PEER_ADDRESS_HEADER];
}

/**
 * A path whose percent-encoding is no UTF-8 (`/api/admin/staff/%ED%A0%80`, a lone surrogate) is a
 * JSON 400 here: Next would answer it with a bare 500 while decoding the route's segments.
 */
function refuseUndecodablePath(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  try {
    decodeURIComponent((request.url ?? "/").split("?")[0]);
    return false;
  } catch {
    response.writeHead(400, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    response.end('{"code":400,"type":"invalid_request_error","message":"The path is not percent-encoded UTF-8"}');
    return true;
  }
}

/**
 * Routes set their own X-Request-Id (and log under it); every other response (pages, assets, Next's
 * own answers) gets one as its headers are written, so each response and its log line carry one.
 */
const writeHeadWithRequestId = function (this: http.ServerResponse, ...args: unknown[]) {
  if (!this.hasHeader(REQUEST_ID_HEADER)) this.setHeader(REQUEST_ID_HEADER, newRequestId());
  return (http.ServerResponse.prototype.writeHead as (...args: unknown[]) => http.ServerResponse).apply(this, args);
} as http.ServerResponse["writeHead"];

/** The X-Request-Id a response carries (Next appends a route's headers, so one it set is a list of one). */
function requestIdOf(response: http.ServerResponse): string | undefined {
  const id = response.getHeader(REQUEST_ID_HEADER);
  return Array.isArray(id) ? id[0] : id === undefined ? undefined : String(id);
}

/**
 * The API's responses do not vary on Next's client-router headers, and a shared cache that honours
 * Vary would keep a copy per value of each. Next sets that Vary through setHeader (an array, as it
 * appends); on /client/v1 responses this setHeader drops that one value and keeps any other Vary.
 */
function setHeaderButRouterVary(this: http.ServerResponse, name: string, value: number | string | readonly string[]) {
  if (name.length === 4 && name.toLowerCase() === "vary") {
    const kept = (Array.isArray(value) ? value : [String(value)]).filter((entry) => !entry.startsWith(ROUTER_VARY));
    if (kept.length === 0) return this;
    value = kept;
  }
  return http.ServerResponse.prototype.setHeader.call(this, name, value);
}
