import { adminRoute } from "@/lib/http/with-staff";
import { listPage } from "@/lib/http/respond";
import { listScreeningLists } from "@/lib/domain/screening/list-screening-lists";

// GET: every screening list with its version in force (compliance and admin), for the Lists page.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("screening/lists", {
  GET: async () => {
    const { rows, total } = await listScreeningLists();
    return listPage("screening/lists", rows, 0, total);
  },
});
