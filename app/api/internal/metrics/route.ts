import { config } from "@/lib/config";
import { notFound, unauthenticated } from "@/lib/errors/domain-error";
import { failure, newRequestId } from "@/lib/http/respond";
import { digestsEqual, sha256 } from "@/lib/secrets";
import { processMetrics, startNewWindow } from "@/lib/runtime/metrics";

/**
 * This server process's event-loop delay, CPU use and memory, for `npm run bench` and monitoring.
 * Only with `Authorization: Bearer <METRICS_TOKEN>`; while METRICS_TOKEN is unset the route does not
 * exist. GET reads; DELETE reads and starts a new measurement window. Each process of a cluster
 * answers for itself (the `pid` field says which).
 */
const NO_STORE = { "Cache-Control": "no-store" };

function refusal(request: Request): Response | undefined {
  const token = config().METRICS_TOKEN;
  if (!token) return failure(notFound("Unknown API path"), newRequestId());
  const given = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!digestsEqual(sha256(given), sha256(token)))
    return failure(unauthenticated("Missing or invalid metrics token"), newRequestId());
  return undefined;
}

export async function GET(request: Request): Promise<Response> {
  return refusal(request) ?? Response.json(processMetrics(), { headers: NO_STORE });
}

/** Ends the measurement window: answers with what it saw, and a new one starts. */
export async function DELETE(request: Request): Promise<Response> {
  const refused = refusal(request);
  if (refused) return refused;
  const metrics = processMetrics();
  startNewWindow();
  return Response.json(metrics, { headers: NO_STORE });
}
