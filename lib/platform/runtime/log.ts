/**
 * The server's log (pino): one JSON object per line (`level`, `time`, `msg`, and the fields of the
 * line, such as `req_id`, `route` and `status` for a request), or pretty lines for people when
 * stdout is a terminal. LOG_FORMAT forces either, LOG_LEVEL sets the least severe line written.
 * With tracing on, a line written during a request (or any span) carries `trace_id` and `span_id`.
 * Nothing logs a request's body or headers; should a field named like a secret ever be logged, its
 * value is replaced by the redaction below (in every line but the one per request: requestLog()).
 */
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import pretty from "pino-pretty";
import { config } from "@/lib/platform/config";
import { processGlobal } from "./process-global";
import { traceFields } from "./tracing";

/** Field names that hold secrets, at the top of a line or or one or two levels down (`{ input: { password } }`, `{ req: { headers: { authorization } } }`). */
const SECRET_FIELDS = [
  "password",
  "current_password",
  "new_password",
  "token",
  "login_token",
  "secret",
  "client_secret",
  "authorization",
  "cookie",
];
const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  'headers["x-client-secret"]',
  '*.headers["x-client-secret"]',
];

/** This process's logger, one whichever copy of this module asks (Next's bundle carries its own). */
export function log(): Logger {
  return processGlobal("logger", () =>
    pino({ ...loggerOptions(), redact: { paths: REDACTED_PATHS, censor: "[redacted]" } }, destination()),
  );
}

/**
 * The logger of the server's one line per request (lib/entry/server/http-server.ts), to the same
 * output: without the redaction, which looks for 29 paths in every line it writes (a tenth of a
 * millisecond of a login's event loop), as that line's fields are fixed (the request id, method,
 * route template, status and duration) and none is named like a secret.
 */
export function requestLog(): Logger {
  return processGlobal("request-logger", () => pino(loggerOptions(), destination()));
}

function loggerOptions(): LoggerOptions {
  const settings = config();
  return {
    level: settings.LOG_LEVEL,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), each line written in a span carries its trace_id and span_id.
    ...(settings.OTEL_EXPORTER_OTLP_ENDPOINT && { mixin: traceFields }),
  };
}

/** Where both loggers write: stdout, one line at a time. */
function destination(): DestinationStream {
  return processGlobal("log-destination", () => {
    const format = config().LOG_FORMAT ?? (process.stdout.isTTY ? "pretty" : "json");
    return format === "pretty"
      ? pretty({ colorize: process.stdout.isTTY, sync: true })
      : pino.destination({ sync: true });
  });
}
