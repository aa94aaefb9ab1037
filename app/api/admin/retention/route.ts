import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readRetention } from "@/lib/domain/retention/read-retention";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("retention", {
  GET: async () => plainJson(await readRetention()),
});
