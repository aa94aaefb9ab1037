/**
 * The customer's profile (issue 25), shared by the public API and the back office: its fields by
 * their API names and columns, which of them a submit requires and which reopen a verified review,
 * the Profile the API answers (`describeProfile`), and each field's own validation as a change
 * (the checks against the reference data and the stored profile are update-customer-profile.ts's).
 */
import { z } from "zod";
import type { Customer } from "@/lib/generated/prisma/client";
import { KycStatus } from "@/lib/generated/prisma/enums";
import { config } from "@/lib/platform/config";
import { calendarDate } from "@/lib/platform/validation/fields";
import { personName, personText } from "@/lib/platform/validation/person-text";

export const PROFILE_FIELDS = [
  "given_names",
  "family_name",
  "date_of_birth",
  "phone",
  "address_line1",
  "address_line2",
  "address_city",
  "address_region",
  "address_postcode",
  "address_country",
  "country_of_residence",
  "nationality",
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The column each field is stored in. */
export const PROFILE_COLUMNS = {
  given_names: "givenNames",
  family_name: "familyName",
  date_of_birth: "dateOfBirth",
  phone: "phone",
  address_line1: "addressLine1",
  address_line2: "addressLine2",
  address_city: "addressCity",
  address_region: "addressRegion",
  address_postcode: "addressPostcode",
  address_country: "addressCountry",
  country_of_residence: "countryOfResidence",
  nationality: "nationality",
} as const satisfies Record<ProfileField, keyof Customer>;

/** The fields a customer may clear (send null or an empty value) and may leave out of a submitted profile. */
export const OPTIONAL_PROFILE_FIELDS: readonly ProfileField[] = ["address_line2", "address_region"];

/** Who the customer is: a change of one of these puts a verified profile back to pending_review. */
export const IDENTITY_FIELDS: readonly ProfileField[] = ["given_names", "family_name", "date_of_birth", "nationality"];

/** The fields a submit requires. */
export const REQUIRED_PROFILE_FIELDS = PROFILE_FIELDS.filter((field) => !OPTIONAL_PROFILE_FIELDS.includes(field));

const nullableText = (description: string) => z.string().nullable().describe(description);

export const profileSchema = z
  .object({
    given_names: nullableText("Given names, as on an identity document"),
    family_name: nullableText("Family name, as on an identity document"),
    date_of_birth: nullableText("YYYY-MM-DD"),
    phone: nullableText("E.164, e.g. +447911123456"),
    address_line1: nullableText("First line of the address"),
    address_line2: nullableText("Second line of the address (optional)"),
    address_city: nullableText("City or town"),
    address_region: nullableText("Region, county or state (optional)"),
    address_postcode: nullableText("Postal code"),
    address_country: nullableText("ISO alpha-2 code of the address's country: always country_of_residence"),
    country_of_residence: nullableText("ISO alpha-2 code of the country the customer lives in: a source country"),
    nationality: nullableText("ISO alpha-2 code of the customer's nationality"),
    kyc_status: z
      .enum(KycStatus)
      .describe(
        "Where the review stands: not_submitted (the start), pending_review (submitted, or a verified profile whose " +
          "identity changed), verified, rejected; closed_unreviewed (the account closed while its profile awaited " +
          "review) only in the back office and the data export, as a closed account has no session",
      ),
    updated_at: z.iso
      .datetime()
      .nullable()
      .describe("When the customer last changed the profile, ISO 8601, UTC; null while never given"),
  })
  .meta({ id: "Profile", description: "Fields never given are null." });

export type Profile = z.infer<typeof profileSchema>;
/** A profile's fields as the API writes them, without the review's state. */
export type ProfileValues = Pick<Profile, ProfileField>;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The stored fields as the API writes them (a date as YYYY-MM-DD). */
export function profileValues(customer: Customer): ProfileValues {
  const values = {} as ProfileValues;
  for (const field of PROFILE_FIELDS) {
    const stored = customer[PROFILE_COLUMNS[field]];
    values[field] = stored instanceof Date ? isoDate(stored) : stored;
  }
  return values;
}

/** The profile of `customer` as GET /client/v1/me/profile answers it (and the back office shows it). */
export function describeProfile(customer: Customer): Profile {
  return {
    ...profileValues(customer),
    kyc_status: customer.kycStatus,
    updated_at: customer.profileUpdatedAt?.toISOString() ?? null,
  };
}

// The fields of a change. A field left out stays as it is. Text is trimmed; null or an empty value
// clears an optional field and is `required` for any other (a given field cannot be taken back).

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
const blankToNull = (value: unknown) => {
  const text = trimmed(value);
  return text === "" ? null : text;
};

/** Not text, or null where the field cannot be cleared. */
const mistyped = (label: string) => (issue: { input: unknown }) =>
  issue.input === null ? `${label} cannot be removed once given` : `${label} must be text`;

/** A field of a change: left out (undefined), or its value after `check` (which may accept null: a clearable field). */
function changeField<T extends z.ZodType>(check: T, sent: Record<string, unknown>) {
  return z
    .preprocess(blankToNull, check)
    .optional()
    .meta({ type: "string", ...sent });
}

export const NAME_MAX = 100;

function personNameChange(label: string) {
  return changeField(personName(label, NAME_MAX, { error: mistyped(label) }), {
    description:
      `${label}: trimmed, then 1 to ${NAME_MAX} characters: letters of any script with their marks, spaces, hyphens, ` +
      "apostrophes, full stops; anything else is invalid. Hidden, direction-changing and compatibility characters " +
      "(styled, fullwidth, ligatures) are invalid_characters, a word mixing scripts (Latin with Cyrillic) " +
      "mixed_scripts. Stored NFC.",
  });
}

/** Text about the customer on one line (person-text.ts's rules, stored NFC), at most `max` characters (`too_long`). */
const lineOfText = (label: string, max: number) =>
  personText(label, { error: mistyped(label) }, (checked) =>
    checked.max(max, { message: `${label} must be at most ${max} characters`, abort: true }),
  );

const textLimits = (label: string, max: number) => ({
  description:
    `${label}: trimmed, at most ${max} characters. Control, hidden, direction-changing and compatibility characters ` +
    "are invalid_characters, a word mixing scripts mixed_scripts. Stored NFC.",
});

const text = (label: string, max: number) => changeField(lineOfText(label, max), textLimits(label, max));

/** Text that null or an empty value clears. */
function clearableText(label: string, max: number) {
  const limits = textLimits(label, max);
  return changeField(lineOfText(label, max).nullable(), {
    type: ["string", "null"],
    description: `${limits.description} null or empty clears it.`,
  });
}

/** Earlier than this is not a date of birth of a living customer. */
const EARLIEST_BIRTH = "1900-01-01";

/** Whether someone born on `birth` is at least `years` old on `today` (a 29 February birthday comes on 1 March). */
function isAtLeast(years: number, birth: Date, today: Date): boolean {
  return Date.UTC(birth.getUTCFullYear() + years, birth.getUTCMonth(), birth.getUTCDate()) <= today.getTime();
}

const todayUtc = () => new Date(`${isoDate(new Date())}T00:00:00Z`);

const dateOfBirth = changeField(
  z
    .string({ error: mistyped("Date of birth") })
    .refine(
      (value) => {
        const date = calendarDate(value);
        return date !== undefined && value >= EARLIEST_BIRTH && date <= todayUtc();
      },
      { message: `Date of birth must be a real date YYYY-MM-DD from ${EARLIEST_BIRTH} to today`, abort: true },
    )
    .refine((value) => isAtLeast(config().PROFILE_MIN_AGE_YEARS, calendarDate(value) as Date, todayUtc()), {
      message: "The customer is too young to hold an account",
      params: { code: "too_young" },
    }),
  {
    description:
      `YYYY-MM-DD: a real date from ${EARLIEST_BIRTH} to today (UTC), else invalid; ` +
      "too_young for a customer younger than the minimum age (18 unless configured otherwise).",
  },
);

/**
 * An ISO alpha-2 code as sent: trimmed, any case (`orNone`: or ""); whether a country has it is
 * checked against the reference data.
 */
const countryCode = (label: string, orNone = false) =>
  z
    .string({ error: mistyped(label) })
    .transform((value) => value.toUpperCase())
    .refine(
      (value) => /^[A-Z]{2}$/.test(value) || (orNone && value === ""),
      `${label} must be an ISO alpha-2 country code such as GB`,
    );

/** Registration's `country`, the profile's first country_of_residence: missing or empty is "" (none given). */
export const registrationCountry = () =>
  z
    .preprocess((value) => (value === undefined || value === null ? "" : trimmed(value)), countryCode("Country", true))
    .meta({
      type: "string",
      description:
        "Optional. The ISO alpha-2 code (any case) of the country the customer lives in, which becomes the profile's " +
        "country_of_residence: invalid when no country of GET /client/v1/countries has it, not_source when it is " +
        "not a source country (GET /client/v1/countries/sources). Missing or empty: none, as before.",
    });

function country(label: string, rule: string) {
  return changeField(countryCode(label), {
    description: `${label}: an ISO alpha-2 code (any case) of a country of GET /client/v1/countries, else invalid.${rule}`,
  });
}

/** Each field of POST /client/v1/me/profile, all optional: what the call sends is changed, the rest stays. */
export const profileChangesShape = {
  given_names: personNameChange("Given names"),
  family_name: personNameChange("Family name"),
  date_of_birth: dateOfBirth,
  phone: text("Phone", 32).meta({
    type: "string",
    description:
      "At most 32 characters: a telephone number in international form (+44 7911 123456), or in national form (07911 123456) read as a " +
      "number of country_of_residence (the one sent with it, or the stored one); answered in E.164. Else invalid.",
  }),
  address_line1: text("Address line 1", 200),
  address_line2: clearableText("Address line 2", 200),
  address_city: text("City", 100),
  address_region: clearableText("Region", 100),
  address_postcode: text("Postcode", 20),
  address_country: country("Address country", " It must be country_of_residence (after the change), else mismatch."),
  country_of_residence: country("Country of residence", " It must be a source country, else not_source."),
  nationality: country("Nationality", ""),
} satisfies Record<ProfileField, z.ZodType>;

export type ProfileChanges = z.infer<z.ZodObject<typeof profileChangesShape>>;
