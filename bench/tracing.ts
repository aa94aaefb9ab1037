/**
 * The bench's tracing rows. On: a second server like the first but with OTEL_EXPORTER_OTLP_ENDPOINT
 * set, exporting every span to a no-op OTLP receiver in this process, its logins and reference
 * reads measured in the same rounds as the first's (off), in turn with them. Off: what tracing's
 * hooks cost a request when no SDK is loaded, measured in this process per call of each hook a
 * login passes (lib/platform/runtime/tracing.ts): a server with tracing off runs the same code.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { inSpan, startRequestSpan, tracingIsOn } from "@/lib/platform/runtime/tracing";
import { medianRatio, requestRates, type Slice, type Summary, summarize } from "./slices";
import { figure, type Row } from "./table";

/** A collector that takes every batch of spans and keeps none; counts what it was sent. */
export async function startSpanSink(): Promise<{ url: string; batches(): number; close(): void }> {
  let batches = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url === "/v1/traces") batches++;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    batches: () => batches,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The hooks a login passes with tracing off: its request span (none) and the password's span (a call of the work). */
const HOOKS_PER_LOGIN = 2;

/** Nanoseconds per login that tracing's hooks add with tracing off: the hooks' calls less the bare work, per call. */
export async function tracingOffCost(calls: number): Promise<number> {
  if (tracingIsOn()) throw new Error("the bench's own process must not trace");
  const work = () => Promise.resolve(1);
  const time = async (run: () => Promise<unknown>) => {
    const start = process.hrtime.bigint();
    for (let n = 0; n < calls; n++) await run();
    return Number(process.hrtime.bigint() - start) / calls;
  };
  const bare = async () => {
    await work();
  };
  const hooked = async () => {
    startRequestSpan("POST", "/client/v1/login");
    await inSpan("password.verify", {}, work);
  };
  // Each timed twice in turn, the second taken: the first warms V8 up.
  await time(bare);
  await time(hooked);
  const [bareNs, hookedNs] = [await time(bare), await time(hooked)];
  return Math.max(0, hookedNs - bareNs);
}

export type TracingResults = { login: Slice[]; countries: Slice[] };

/**
 * The rows: on / off for logins and reference reads (req/s ratio and the CPU a request costs more,
 * for information), and off's cost per login against its target.
 */
export function tracingRows(
  on: TracingResults,
  off: TracingResults,
  offCostNs: number,
  batches: number,
  summaryRow: (name: string, summary: Summary) => Row,
): Row[] {
  if (batches === 0) throw new Error("the server with tracing on exported no spans to the bench's receiver");
  const versus = (name: string, key: keyof TracingResults): Row => {
    const ratio = figure(medianRatio(requestRates(on[key]), requestRates(off[key])), `${name}, on / off`);
    const [traced, untraced] = [summarize(on[key], 200), summarize(off[key], 200)];
    const extraCpu = figure(traced.cpuMsPerRequest - untraced.cpuMsPerRequest, `${name}, CPU on less off`);
    return {
      ...summaryRow(name, traced),
      comparison: `on / off ×${ratio.toFixed(2)} req/s, ${extraCpu >= 0 ? "+" : ""}${extraCpu.toFixed(2)} CPU ms/req (for information)`,
    };
  };
  return [
    versus("tracing on: POST /client/v1/login", "login"),
    versus("tracing on: GET /client/v1/countries", "countries"),
    {
      name: "tracing off: its hooks in a login",
      comparison: `${figure(offCostNs, "tracing off's cost").toFixed(0)} ns per login (${HOOKS_PER_LOGIN} hooks, no SDK); ${batches} batches exported while on`,
      target: "< 1 µs per request",
      pass: offCostNs < 1000,
    },
  ];
}
