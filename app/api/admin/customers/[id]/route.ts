import { adminRoute } from "@/lib/api/route";
import { plainJson } from "@/lib/api/respond";
import { readCustomer } from "@/lib/admin/customers";
import { recordId } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  GET: async ({ params }) => plainJson(await readCustomer(recordId(params.id))),
});
