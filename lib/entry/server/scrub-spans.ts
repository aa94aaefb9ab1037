/**
 * The span processor that keeps a customer's data out of exported traces (issue 36): as each span
 * ends, before the batch processor takes it, every URL-like attribute (`http.target`, `http.url`,
 * `url.full`, …: Next's own spans set `http.target` with the query string) loses its query string
 * and fragment, an attribute that can hold personal data (the query itself, headers, bodies, client
 * addresses, user agents, a query's parameters, the end user) is dropped, and so is a span name's
 * query. What a staff search by e-mail or an export's reason carries never reaches the collector.
 */
import type { SpanProcessor } from "@opentelemetry/sdk-trace-node";

const DROPPED = new Set([
  "url.query",
  "url.fragment",
  "http.request.body",
  "http.user_agent",
  "user_agent.original",
  "http.client_ip",
  "client.address",
  "net.peer.ip",
  "net.sock.peer.addr",
  "network.peer.address",
]);
const DROPPED_PREFIXES = ["http.request.header.", "http.response.header.", "db.query.parameter.", "enduser."];

const holdsPersonalData = (key: string) =>
  DROPPED.has(key) || DROPPED_PREFIXES.some((prefix) => key.startsWith(prefix));

/** `http.target`, `http.url`, `url.full`, `url.original`, `next.url`… */
const isUrlLike = (key: string) => key.startsWith("url.") || /(^|\.)(url|target)$/.test(key);

const withoutQuery = (text: string) => text.replace(/[?#][\s\S]*$/, "");

export const scrubSpans: SpanProcessor = {
  onStart() {},
  onEnding(span) {
    for (const [key, value] of Object.entries(span.attributes)) {
      if (holdsPersonalData(key)) delete span.attributes[key];
      else if (isUrlLike(key) && typeof value === "string") span.attributes[key] = withoutQuery(value);
    }
    if (/[?#]/.test(span.name)) span.updateName(withoutQuery(span.name));
  },
  onEnd() {},
  forceFlush: async () => {},
  shutdown: async () => {},
};
