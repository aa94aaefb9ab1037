import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readInput } from "@/lib/http/input";
import { recordId } from "@/lib/http/list-protocol";
import { legalHoldInput, setLegalHold } from "@/lib/domain/customer-compliance/set-legal-hold";

// POST { hold: true | false, reason }: sets or lifts the legal hold (compliance and admin); answers
// { id, legal_hold, legal_hold_since, changed }, `changed` false (and no audit entry) when it already was so.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  POST: async ({ request, params, staff }) =>
    plainJson(await setLegalHold(recordId(params.id), await readInput(request, legalHoldInput), { staffId: staff.id })),
});
