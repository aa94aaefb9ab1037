import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { recordId } from "@/lib/http/list-protocol";
import { listPaymentAuthorisations } from "@/lib/domain/payment-authorisations/list-payment-authorisations";

// GET /api/admin/customers/{id}/authorisations → { locked_until, failures_in_a_row, authorisations: [{ id, status,
// amount, currency, payee_name, payee_iban_masked, reference, method, failed_attempts, created_at, expires_at, decided_at }] }
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  GET: async ({ params }) => plainJson(await listPaymentAuthorisations(recordId(params.id))),
});
