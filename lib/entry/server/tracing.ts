/**
 * Starts OpenTelemetry in a server process when OTEL_EXPORTER_OTLP_ENDPOINT is set: a tracer
 * provider (@opentelemetry/sdk-trace-node, with its AsyncLocalStorage context manager) whose spans
 * are batched and exported over OTLP, http/json (@opentelemetry/exporter-trace-otlp-http), to
 * `<endpoint>/v1/traces`, each scrubbed of query strings and personal data first (./scrub-spans.ts);
 * Prisma's own spans (@prisma/instrumentation); and the tracer handed to
 * lib/platform/runtime/tracing.ts, which makes the service's spans. Unset, nothing here is loaded:
 * the packages are imported only once tracing is on. The SDK reads its own standard variables
 * beside (OTEL_EXPORTER_OTLP_HEADERS, OTEL_BSP_*, OTEL_TRACES_SAMPLER, OTEL_RESOURCE_ATTRIBUTES):
 * docs/operations.md, "Tracing".
 */
import { config } from "@/lib/platform/config";
import { enableTracing } from "@/lib/platform/runtime/tracing";
import { scrubSpans } from "./scrub-spans";

const TRACER_NAME = "remit-accounts";

/** Starts tracing if configured; returns what flushes and stops it (awaited on shutdown), or undefined when off. */
export async function startTracing(): Promise<(() => Promise<void>) | undefined> {
  const { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: serviceName } = config();
  if (!endpoint) return undefined;
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, core, prisma] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/core"),
      import("@prisma/instrumentation"),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": serviceName }),
    spanProcessors: [
      scrubSpans,
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, "")}/v1/traces` })),
    ],
  });
  // The global provider and context manager, which Next's own spans and Prisma's use too. No
  // propagator: a request's trace starts here, whatever traceparent a caller of the public API sends.
  provider.register({ propagator: null });
  prisma.registerInstrumentations({ instrumentations: [new prisma.PrismaInstrumentation()] });
  enableTracing({ tracer: provider.getTracer(TRACER_NAME), suppress: core.suppressTracing });
  return () => provider.shutdown();
}
