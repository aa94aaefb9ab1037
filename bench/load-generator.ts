/** The bench's load generator (see load.ts): runs each LoadSpec it is sent, answers with a LoadResult. */
import autocannon from "autocannon";
import type { LoadResult, LoadSpec } from "./load";

/** One request that takes a refresh token from `pool`, and gives back the one its answer carries. */
function refreshChainRequest(pool: string[]) {
  return {
    setupRequest: <Request extends { body?: string }>(request: Request): Request => ({
      ...request,
      // An empty pool (answers that were not 200) sends an empty body: a 400 the bench counts as unexpected.
      body: pool.length > 0 ? JSON.stringify({ refresh_token: pool.shift() }) : "",
    }),
    onResponse: (status: number, body: string) => {
      if (status === 200) pool.push(JSON.parse(String(body)).refresh_token);
    },
  };
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  const { variants } = spec;
  let next = 0;
  const cpuAtStart = process.cpuUsage();
  const latenciesMs: number[] = [];
  const instance = autocannon({
    url: spec.url,
    method: spec.method ?? "GET",
    headers: spec.headers,
    connections: spec.connections,
    duration: spec.durationSec,
    // With an amount, autocannon ignores the duration.
    amount: spec.amount,
    overallRate: spec.rate,
    timeout: 30,
    requests: spec.refreshChains
      ? [refreshChainRequest([...spec.refreshChains])]
      : variants && [
          {
            setupRequest: (request) => {
              const variant = variants[next++ % variants.length];
              return { ...request, body: variant.body, headers: { ...request.headers, ...variant.headers } };
            },
          },
        ],
  });
  if (spec.keepLatencies)
    instance.on("response", (_client, _status, _bytes, responseTimeMs) => latenciesMs.push(responseTimeMs));
  const result = await instance;
  const cpu = process.cpuUsage(cpuAtStart);
  return {
    durationSec: result.duration,
    cpuMs: (cpu.user + cpu.system) / 1000,
    requestsPerSec: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ...(spec.keepLatencies && { latenciesMs }),
    errors: result.errors + result.timeouts,
    statusCounts: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
    ),
  };
}

process.on("message", async (spec: LoadSpec) => {
  process.send!(await run(spec));
});
