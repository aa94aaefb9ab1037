import { adminRoute } from "@/lib/http/with-staff";
import { listOutbox, SORTABLE } from "@/lib/domain/email/list-outbox";
import { listHandler } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("outbox", {
  GET: ({ request, staff }) =>
    listHandler("outbox", SORTABLE, ["created_at", "desc"], (query) => listOutbox(query, staff.role))({ request }),
});
