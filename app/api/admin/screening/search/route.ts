import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readInput } from "@/lib/http/input";
import { searchScreeningEntries } from "@/lib/domain/screening/search-screening-entries";
import { screeningSearchInput } from "@/lib/domain/screening/screening-search-input";

// POST { name, date_of_birth?, nationality?, limit? }: the listed people a person may be, best first
// (compliance and admin; a POST so that a person's details never sit in a URL or an access log).
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("screening/lists", {
  POST: async ({ request }) => {
    const input = await readInput(request, screeningSearchInput);
    const hits = await searchScreeningEntries({
      name: input.name,
      dateOfBirth: input.date_of_birth,
      nationality: input.nationality,
      limit: input.limit,
    });
    return plainJson({
      data: hits.map((hit) => ({
        entry_id: hit.entryId,
        list: hit.listName,
        name: hit.name,
        matched_name: hit.matchedName,
        score: hit.score,
        birth_dates: hit.birthDates,
        nationalities: hit.nationalities,
        topics: hit.topics,
        programs: hit.programs,
      })),
    });
  },
});
