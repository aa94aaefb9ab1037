import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { listScreeningRuns } from "@/lib/domain/screening/list-screening-runs";

/** The re-screens shown: the latest and a few before it. */
const RUNS_SHOWN = 10;

// The re-screens after list changes, newest first, with their progress (the Lists page).
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("screening/runs", {
  GET: async () => plainJson(await listScreeningRuns(RUNS_SHOWN)),
});
