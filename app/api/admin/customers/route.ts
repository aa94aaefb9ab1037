import { adminRoute } from "@/lib/api/route";
import { listCustomers, SORTABLE } from "@/lib/admin/customers";
import { listHandler } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  GET: listHandler("customers", SORTABLE, ["created_at", "desc"], listCustomers),
});
