import { adminRoute } from "@/lib/http/with-staff";
import { listCustomers, SORTABLE } from "@/lib/domain/customer-compliance/list-customers";
import { listHandler } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  GET: listHandler("customers", SORTABLE, ["created_at", "desc"], listCustomers),
});
