/**
 * The bench's payment-authorisation row (bench/run.ts): customers with a passkey each (the software
 * authenticator of the tests, tooling/passkey-authenticator.ts), then, for a while, each of them
 * creates a payment authorisation and confirms it with an assertion over its derived challenge, one
 * after the other: pairs of calls (create, confirm) per second, and each pair's latency.
 */
import { performance } from "node:perf_hooks";
import { PasskeyAuthenticator } from "@/tooling/passkey-authenticator";
import type { Row } from "./table";

type Target = { api(route: string): string };

const PASSWORD = "correct horse battery staple";
const PAYMENT = { amount: "1234.50", currency: "EUR", payee: { name: "Jane Doe", iban: "DE89370400440532013000" } };

async function call(url: string, headers: Record<string, string>, body: unknown, status: number): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== status) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A registered customer with a passkey on `authenticator`: their bearer headers. */
async function customerWithPasskey(
  server: Target,
  headers: Record<string, string>,
  email: string,
  authenticator: PasskeyAuthenticator,
): Promise<Record<string, string>> {
  const registered = (await call(
    server.api("register"),
    headers,
    {
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      email_verification_url: "https://app.example.com/v/:token",
    },
    201,
  )) as { token: string };
  const asCustomer = { ...headers, Authorization: `Bearer ${registered.token}` };
  const { challenge_id, options } = (await call(
    server.api("me/passkeys/registration/options"),
    asCustomer,
    { password: PASSWORD },
    200,
  )) as { challenge_id: string; options: Parameters<PasskeyAuthenticator["create"]>[0] };
  await call(
    server.api("me/passkeys/registration/verify"),
    asCustomer,
    { challenge_id, credential: authenticator.create(options) },
    201,
  );
  return asCustomer;
}

/**
 * `connections` customers, each creating and confirming authorisations back to back for `seconds`:
 * the row with pairs per second, the pairs' p50 and p99, and the answers that were not 201 then 200.
 */
export async function authorisationsRow(
  server: Target,
  clientHeaders: Record<string, string>,
  { connections, seconds, tag }: { connections: number; seconds: number; tag: string },
): Promise<Row> {
  const customers = await Promise.all(
    Array.from({ length: connections }, async (_, n) => {
      const authenticator = new PasskeyAuthenticator("https://app.example.com", false);
      const headers = {
        ...clientHeaders,
        "X-Client-IP": `10.200.${(n >> 8) & 255}.${n & 255}`,
        "X-Client-UA": "remit-bench",
      };
      return {
        authenticator,
        headers: await customerWithPasskey(server, headers, `bench-sca-${tag}-${n}@example.com`, authenticator),
      };
    }),
  );
  const latencies: number[] = [];
  let unexpected = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    customers.map(async ({ authenticator, headers }) => {
      while (performance.now() < until) {
        const begun = performance.now();
        try {
          const { authorisation } = (await call(server.api("authorisations"), headers, PAYMENT, 201)) as {
            authorisation: { id: string; passkey_options: { challenge: string; rpId: string } };
          };
          await call(
            server.api(`authorisations/${authorisation.id}/confirm`),
            headers,
            { credential: authenticator.get(authorisation.passkey_options) },
            200,
          );
          latencies.push(performance.now() - begun);
        } catch {
          unexpected += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    name: `payment authorisations created and confirmed (passkey), ${connections} customers`,
    requestsPerSec: latencies.length / elapsed,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors: [0, unexpected],
    comparison: "pairs per second: POST /client/v1/authorisations, then …/{id}/confirm",
  };
}
