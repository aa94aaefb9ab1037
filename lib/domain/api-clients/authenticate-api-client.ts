/**
 * API clients: the X-Client-ID / X-Client-Secret pairs the customer apps send, checked against the
 * active clients held in memory (refreshed when any instance changes one).
 */
import { db } from "@/lib/platform/db";
import { inDatabaseOutage, logUnlessUnreachable } from "@/lib/platform/db/outage";
import { versionedCache } from "@/lib/platform/cache/versioned-cache";
import { unavailable } from "@/lib/platform/errors/domain-error";
import { processGlobal } from "@/lib/platform/runtime/process-global";
import { digestsEqual, randomToken, sha256 } from "@/lib/platform/secrets";

export type AuthenticatedClient = { id: number; clientId: string; name: string; allowedOrigins: string[] };

type CachedClient = AuthenticatedClient & { secretHash: string };

const activeClients = versionedCache("api_clients", async () => {
  const rows = await db().apiClient.findMany({ where: { active: true } });
  return new Map<string, CachedClient>(
    rows.map((row) => [
      row.clientId,
      {
        id: row.id,
        clientId: row.clientId,
        name: row.name,
        allowedOrigins: row.allowedOrigins,
        secretHash: row.secretHash,
      },
    ]),
  );
});

// Compared against when the client id is unknown, so both cases take the same time.
const UNKNOWN_CLIENT_HASH = sha256(randomToken());
const USE_WRITE_INTERVAL_MS = 60_000;
/**
 * Per client, the calls counted since this process last wrote them, and when it did. Per process,
 * not per copy of this module: Next's bundle and the code the server runs outside it (its own
 * modules, the tests') may each load a copy of their own.
 */
const usage = processGlobal("api-client-use", () => new Map<number, { calls: number; writtenAt: number }>());

export async function authenticateApiClient(
  clientId: string | null,
  secret: string | null,
): Promise<AuthenticatedClient | undefined> {
  if (!clientId || !secret) return undefined;
  const client = (await activeClients.get()).get(clientId);
  const matches = digestsEqual(sha256(secret), client?.secretHash ?? UNKNOWN_CLIENT_HASH);
  if (!client || !matches) {
    // The clients held here may be out of date while the database cannot be reached: one made, or
    // a secret rotated, just before is not refused for that, only turned away for now.
    if (inDatabaseOutage()) throw unavailable();
    return undefined;
  }
  recordUse(client.id);
  const { secretHash: _, ...authenticated } = client;
  return authenticated;
}

/**
 * last_used_at to the minute, and the calls of the day (api_client_daily_use) for the dashboard,
 * without a write per request: the calls are counted here and added to the day's row at most once a
 * minute per client per process, with last_used_at. The calls counted since the last write go to
 * the day of the write (a minute's calls may land on the next day), and those of a process's last
 * minute are lost when it stops: a dashboard figure, not a bill.
 */
function recordUse(id: number): void {
  const now = Date.now();
  const use = usage.get(id) ?? { calls: 0, writtenAt: 0 };
  use.calls++;
  usage.set(id, use);
  if (now - use.writtenAt < USE_WRITE_INTERVAL_MS) return;
  const calls = use.calls;
  use.calls = 0;
  use.writtenAt = now;
  const day = new Date(new Date(now).toISOString().slice(0, 10));
  db()
    .$transaction([
      db().apiClient.update({ where: { id }, data: { lastUsedAt: new Date(now) } }),
      db().apiClientDailyUse.upsert({
        where: { apiClientId_day: { apiClientId: id, day } },
        create: { apiClientId: id, day, calls },
        update: { calls: { increment: calls } },
      }),
    ])
    .catch((error) => logUnlessUnreachable("could not record API client use", error));
}
