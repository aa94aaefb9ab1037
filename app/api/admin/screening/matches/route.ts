import { adminRoute } from "@/lib/http/with-staff";
import { listHandler } from "@/lib/http/list-protocol";
import { listScreeningMatches, SORTABLE } from "@/lib/domain/screening/list-screening-matches";

// The review queue of possible screening matches (compliance and admin).
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("screening/matches", {
  GET: listHandler("screening/matches", SORTABLE, ["created_at", "desc"], listScreeningMatches),
});
