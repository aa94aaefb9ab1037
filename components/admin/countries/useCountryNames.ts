/**
 * The countries' names by ISO alpha-2 code, for the screens that show a customer's countries (residence,
 * nationality, address) and the residence filter's picker: read once from the countries list (every
 * role may read it) and kept by react-admin's query cache.
 */
import { useGetList } from "react-admin";
import type { CountryRecord } from "@/lib/domain/reference-data/country-record";

export function useCountryNames() {
  const { data } = useGetList<CountryRecord>(
    "countries",
    { pagination: { page: 1, perPage: 300 }, sort: { field: "known_name", order: "ASC" }, filter: {} },
    { staleTime: 5 * 60_000 },
  );
  const names = new Map((data ?? []).map((country) => [country.iso_code_alpha2, country.known_name]));
  return {
    /** `{ id: code, name: "Name (code)" }`, by name: for a picker. */
    choices: (data ?? []).map((country) => ({
      id: country.iso_code_alpha2,
      name: `${country.known_name} (${country.iso_code_alpha2})`,
    })),
    /** "United Kingdom (GB)"; the code alone while the names load or for a code no country has; "—" for none. */
    label: (code: string | null | undefined) => {
      if (!code) return "—";
      const name = names.get(code);
      return name ? `${name} (${code})` : code;
    },
  };
}
