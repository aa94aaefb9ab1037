import { publicRoute } from "@/lib/http/with-client";
import { plainJson } from "@/lib/http/respond";
import { readJwks } from "@/lib/domain/payment-authorisations/read-jwks";

// GET /.well-known/jwks.json → { keys: [{ kty: "EC", crv: "P-256", x, y, kid, alg: "ES256", use: "sig" }] }: the public
// keys payment backends verify approvals with (docs/api.md, "Payment authorisations"); no credentials, cacheable.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoute({
  GET: async () => plainJson(await readJwks(), 200, { "Cache-Control": "public, max-age=300" }),
});
