/** The seed contract's country, field for field and in order: tests check the API against it. */
export const COUNTRY_FIELDS = [
  "known_name",
  "official_name",
  "endonym",
  "demonym",
  "isd_code",
  "iso_code_alpha2",
  "iso_code_alpha3",
  "fips_code",
  "slug",
];
