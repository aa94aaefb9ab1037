import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readCustomer } from "@/lib/domain/customer-compliance/read-customer";
import { recordId } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  GET: async ({ params }) => plainJson(await readCustomer(recordId(params.id))),
});
