/**
 * Spans, when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT; the SDK is started by
 * lib/entry/server/tracing.ts, which hands this module its tracer). Off, each helper here is one
 * look-up and a call of the function it wraps: no span, no context, no SDK loaded. The state is one
 * per process (process-global.ts), so Next's bundle, which carries its own copy of this module,
 * sees the tracer the server started.
 */
import {
  type Attributes,
  type Context,
  context,
  isSpanContextValid,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { processGlobal } from "./process-global";

/** What the SDK's starter hands over: a tracer, and how to mark a context as one whose work is not traced. */
export type TracingOn = { tracer: Tracer; suppress(context: Context): Context };

let holder: { on?: TracingOn } | undefined;
const state = () => {
  holder ??= processGlobal<{ on?: TracingOn }>("tracing", () => ({}));
  return holder;
};

export function enableTracing(on: TracingOn): void {
  state().on = on;
}

/** Whether this process traces (the SDK started). */
export function tracingIsOn(): boolean {
  return state().on !== undefined;
}

/**
 * Runs `work` in a span named `name`, a child of the active span (or a root span of its own with
 * `root`); the span records a thrown error and ends when `work` settles. Off: `work()`.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span?: Span) => Promise<T>,
  options: { root?: boolean } = {},
): Promise<T> {
  const on = state().on;
  if (!on) return work();
  const parent = options.root ? ROOT_CONTEXT : context.active();
  return on.tracer.startActiveSpan(name, { attributes }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Runs `work` with tracing suppressed (a routine poll that finds nothing to do), outside any span. Off: `work()`. */
export function untraced<T>(work: () => T): T {
  const on = state().on;
  return on ? context.with(on.suppress(ROOT_CONTEXT), work) : work();
}

/** A request's root span, as the HTTP server makes one (lib/entry/server/http-server.ts). */
export type RequestSpan = {
  /** Runs `handle` with the span active: what it starts (Next, the domain, Prisma) is its child. */
  run(handle: () => void): void;
  /** `listener`, to run with the span active wherever it is called from (the response's 'close'). */
  bind<F extends (...args: never[]) => unknown>(listener: F): F;
  end(status: number, aborted: boolean): void;
};

/** A root span of kind SERVER for a request to `route` (a template, never the path with its ids); undefined when off. */
export function startRequestSpan(method: string, route: string): RequestSpan | undefined {
  const on = state().on;
  if (!on) return undefined;
  const span = on.tracer.startSpan(
    `${method} ${route}`,
    { kind: SpanKind.SERVER, attributes: { "http.request.method": method, "http.route": route } },
    ROOT_CONTEXT,
  );
  const active = trace.setSpan(ROOT_CONTEXT, span);
  return {
    run: (handle) => context.with(active, handle),
    bind: (listener) => context.bind(active, listener),
    end(status, aborted) {
      span.setAttribute("http.response.status_code", status);
      if (aborted) span.setAttribute("http.request.aborted", true);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** The active span's trace and span ids, for a log line (lib/platform/runtime/log.ts); none outside a span. */
export function traceFields(): { trace_id: string; span_id: string } | Record<string, never> {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}
