import { adminRoute } from "@/lib/http/with-staff";
import { listOutbox, SORTABLE } from "@/lib/domain/email/list-outbox";
import { listHandler } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("outbox", {
  GET: listHandler("outbox", SORTABLE, ["created_at", "desc"], listOutbox),
});
