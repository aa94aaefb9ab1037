import { databaseAnswers } from "@/lib/platform/db/readiness";
import { serviceUnavailable } from "@/lib/http/errors";
import { TZ_DATABASE_VERSION } from "@/lib/domain/reference-data/timezone-offsets";

// Readiness, unlike /api/health (liveness): 503 while the database does not answer (with the
// Retry-After every 503 of the service carries), so a load balancer can send traffic elsewhere; a
// process that answers this is not restarted for it. It also names the tz database release the
// time zones' offsets come from (docs/api.md, "Time zones").
const READY_TIMEOUT_MS = 2_000;

export async function GET() {
  const ready = await databaseAnswers(READY_TIMEOUT_MS);
  return new Response(JSON.stringify({ status: ready ? "ok" : "unavailable", tz_database: TZ_DATABASE_VERSION }), {
    status: ready ? 200 : 503,
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "no-store",
      ...(ready ? {} : serviceUnavailable().headers),
    },
  });
}
