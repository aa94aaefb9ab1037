import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readInput } from "@/lib/http/input";
import { recordId } from "@/lib/http/list-protocol";
import { decideScreeningMatch, screeningDecisionInput } from "@/lib/domain/screening/decide-screening-match";
import { readScreeningMatch } from "@/lib/domain/screening/read-screening-match";

// GET: one possible match; POST { decision, reason }: decide it (409 when decided meanwhile); answers the match.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("screening/matches", {
  GET: async ({ params }) => plainJson(await readScreeningMatch(recordId(params.id))),
  POST: async ({ request, params, staff }) => {
    const id = recordId(params.id);
    await decideScreeningMatch(id, await readInput(request, screeningDecisionInput), { staffId: staff.id });
    return plainJson(await readScreeningMatch(id));
  },
});
