import http from "node:http";
import type { AddressInfo } from "node:net";
import next from "next";
import { startEventLoopMonitor } from "./metrics";

const DRAIN_TIMEOUT_MS = 10_000;

export type RunningServer = { url: string; port: number; close(): Promise<void> };

/** Next's production server (the output of `next build`) on a plain node:http server. */
export async function startHttpServer(options: { port: number; hostname: string; dir?: string }): Promise<RunningServer> {
  const app = next({ dev: false, dir: options.dir ?? process.cwd(), hostname: options.hostname, port: options.port });
  await app.prepare();
  startEventLoopMonitor();
  const handle = app.getRequestHandler();
  const server = http.createServer((request, response) => {
    handle(request, response).catch((error) => {
      console.error("request failed outside any route:", error);
      if (!response.headersSent) {
        response.writeHead(500, { "Content-Type": "application/json" });
        response.end('{"code":500,"type":"api_error","message":"An unexpected error occurred"}');
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.hostname === "0.0.0.0" || options.hostname === "::" ? "localhost" : options.hostname;
  return {
    url: `http://${host}:${port}`,
    port,
    // Requests in flight finish (their connections close once idle); whatever still runs after DRAIN_TIMEOUT_MS is cut off.
    close: () =>
      new Promise<void>((resolve) => {
        const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
        const cutOff = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
        server.close(() => {
          clearInterval(closeIdle);
          clearTimeout(cutOff);
          void app.close?.();
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
