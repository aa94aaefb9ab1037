/**
 * The server's log (pino): one JSON object per line (`level`, `time`, `msg`, and the fields of the
 * line, such as `req_id`, `route` and `status` for a request), or pretty lines for people when
 * stdout is a terminal. LOG_FORMAT forces either, LOG_LEVEL sets the least severe line written.
 * With tracing on, a line written during a request (or any span) carries `trace_id` and `span_id`.
 * Nothing logs a request's body or headers; should a field named like a secret ever be logged, its
 * value is replaced by the redaction below.
 */
import pino, { type Logger } from "pino";
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
  return processGlobal("logger", () => {
    const settings = config();
    const format = settings.LOG_FORMAT ?? (process.stdout.isTTY ? "pretty" : "json");
    return pino(
      {
        level: settings.LOG_LEVEL,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
        // With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), each line written in a span carries its trace_id and span_id.
        ...(settings.OTEL_EXPORTER_OTLP_ENDPOINT && { mixin: traceFields }),
      },
      format === "pretty" ? pretty({ colorize: process.stdout.isTTY, sync: true }) : pino.destination({ sync: true }),
    );
  });
}
