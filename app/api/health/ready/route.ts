import { databaseAnswers } from "@/lib/db/readiness";

// Readiness, unlike /api/health (liveness): 503 while the database does not answer, so a load
// balancer can send traffic elsewhere; a process that answers this is not restarted for it.
const READY_TIMEOUT_MS = 2_000;

export async function GET() {
  const ready = await databaseAnswers(READY_TIMEOUT_MS);
  return new Response(JSON.stringify({ status: ready ? "ok" : "unavailable" }), {
    status: ready ? 200 : 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
