/**
 * The customer's profile over HTTP (issue 25): register's country, GET and POST /client/v1/me/profile
 * and the submit, each rule with its hostile inputs (oversized, malformed, control characters,
 * wrong types) and its races (two submits, two changes, a change beside a staff decision).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { lockCustomer } from "@/lib/domain/customer-accounts/lock-customer";
import { bumpVersion, changedHere } from "@/lib/platform/cache/versioned-cache";
import { startTestApp, db } from "./support/app";
import { bearer, DEVICE, registeredCustomer, uniqueEmail, VERIFY_URL } from "./support/accounts";

const app = await startTestApp();

type Profile = Record<string, string | null>;

const COMPLETE = {
  given_names: "José María",
  family_name: "Nguyễn-O'Brien",
  date_of_birth: "1990-05-17",
  phone: "+44 7911 123456",
  address_line1: "10 Downing Street",
  address_city: "London",
  address_postcode: "SW1A 2AA",
  address_country: "GB",
  country_of_residence: "GB",
  nationality: "ES",
};

const EMPTY_PROFILE = {
  given_names: null,
  family_name: null,
  date_of_birth: null,
  phone: null,
  address_line1: null,
  address_line2: null,
  address_city: null,
  address_region: null,
  address_postcode: null,
  address_country: null,
  country_of_residence: null,
  nationality: null,
  kyc_status: "not_submitted",
  updated_at: null,
};

const readProfile = (token: string) =>
  app.request("/client/v1/me/profile", { headers: { ...DEVICE, ...bearer(token) } });

function changeProfile(token: string, body: Record<string, unknown>, as: "form" | "json" = "json") {
  const headers = { ...DEVICE, ...bearer(token) };
  return as === "form"
    ? app.request("/client/v1/me/profile", { method: "POST", headers, form: body as Record<string, string> })
    : app.request("/client/v1/me/profile", { method: "POST", headers, json: body });
}

const submitProfile = (token: string) =>
  app.request("/client/v1/me/profile/submit", { method: "POST", headers: { ...DEVICE, ...bearer(token) } });

async function profileOf(response: Response): Promise<Profile> {
  assert.equal(response.status, 200, await response.clone().text());
  const body = await response.json();
  assert.deepEqual(Object.keys(body), ["code", "message", "profile"]);
  return body.profile;
}

/** The `param:code` of each entry of a 400, sorted. */
async function errorsOf(response: Response): Promise<string[]> {
  assert.equal(response.status, 400, await response.clone().text());
  const body = await response.json();
  assert.equal(body.type, "invalid_request_error");
  return body.errors.map((entry: { param: string; code: string }) => `${entry.param}:${entry.code}`).sort();
}

const customerRow = (email: string) => db().customer.findUniqueOrThrow({ where: { email } });
const eventsOf = async (email: string, type: "profile_updated" | "profile_submitted" | "kyc_status_changed") =>
  db().customerEvent.findMany({ where: { email, type }, orderBy: { id: "asc" } });
const changesOf = async (email: string) =>
  db().customerProfileChange.findMany({ where: { customer: { email } }, orderBy: { id: "asc" } });

/** ISO date of `years` years and `days` days before today (UTC). */
function yearsAgo(years: number, days = 0): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - days))
    .toISOString()
    .slice(0, 10);
}

function registerWith(extra: Record<string, unknown>) {
  const password = "correct horse battery";
  return app.request("/client/v1/register", {
    method: "POST",
    headers: DEVICE,
    json: { email: uniqueEmail(), password, confirm_password: password, email_verification_url: VERIFY_URL, ...extra },
  });
}

test("register's country becomes the profile's country of residence; without it the profile starts empty", async () => {
  const response = await registerWith({ country: " gb " });
  assert.equal(response.status, 201);
  const withCountry = await profileOf(await readProfile((await response.json()).token));
  assert.equal(withCountry.country_of_residence, "GB");
  assert.equal(withCountry.kyc_status, "not_submitted");
  assert.ok(withCountry.updated_at, "the profile was given at registration");

  const { token } = await registeredCustomer(app);
  assert.deepEqual(await profileOf(await readProfile(token)), EMPTY_PROFILE);

  const empty = await registerWith({ country: "" });
  assert.equal(empty.status, 201, "an empty country is no country");
  assert.equal((await profileOf(await readProfile((await empty.json()).token))).country_of_residence, null);
});

test("register refuses an unknown, non-source, malformed or oversized country, and creates nothing", async () => {
  const cases: [unknown, string][] = [
    ["ZZ", "country:invalid"],
    ["GBR", "country:invalid"],
    ["G", "country:invalid"],
    ["G".repeat(10_000), "country:invalid"],
    ["G\u0000", "country:invalid"],
    ["\u0007B", "country:invalid"],
    ["G\ud800", "country:invalid"],
    [44, "country:invalid"],
    [["GB"], "country:invalid"],
    ["US", "country:not_source"],
    ["jp", "country:not_source"],
  ];
  for (const [country, expected] of cases) {
    const email = uniqueEmail("refused");
    const password = "correct horse battery";
    const response = await app.request("/client/v1/register", {
      method: "POST",
      headers: DEVICE,
      json: { email, password, confirm_password: password, email_verification_url: VERIFY_URL, country },
    });
    assert.deepEqual(await errorsOf(response), [expected], JSON.stringify(country));
    assert.equal(await db().customer.count({ where: { email } }), 0);
  }
  const form = await app.request("/client/v1/register", {
    method: "POST",
    headers: DEVICE,
    form: {
      email: uniqueEmail(),
      password: "correct horse battery",
      confirm_password: "correct horse battery",
      email_verification_url: VERIFY_URL,
      country: "US",
    },
  });
  assert.deepEqual(await errorsOf(form), ["country:not_source"], "a form the same");
});

test("registrations at once, each with its own country: each answered and stored by its own", async () => {
  const countries = ["GB", "FR", "US", "ZZ", "de", "IE", "JP", "NL"];
  const answers = await Promise.all(countries.map((country) => registerWith({ country })));
  const outcomes = await Promise.all(
    answers.map(async (answer) =>
      answer.status === 201
        ? (await profileOf(await readProfile((await answer.json()).token))).country_of_residence
        : (await errorsOf(answer)).join(),
    ),
  );
  assert.deepEqual(outcomes, [
    "GB",
    "FR",
    "country:not_source",
    "country:invalid",
    "DE",
    "IE",
    "country:not_source",
    "NL",
  ]);
});

/** Belgium a source country or not, as an operator's change makes it: the row and the cache version in one transaction. */
async function setBelgiumSource(isSource: boolean) {
  await db().$transaction(async (tx) => {
    await tx.country.update({ where: { isoCodeAlpha2: "BE" }, data: { isSource } });
    await bumpVersion(tx, "reference");
  });
  changedHere();
}

test("a country an operator stops serving as a source is refused at once, at registration and at submit", async () => {
  const { token } = await registeredCustomer(app);
  await profileOf(await changeProfile(token, { ...COMPLETE, address_country: "BE", country_of_residence: "BE" }));
  await setBelgiumSource(false);
  try {
    assert.deepEqual(await errorsOf(await registerWith({ country: "BE" })), ["country:not_source"]);
    assert.deepEqual(await errorsOf(await submitProfile(token)), ["country_of_residence:not_source"]);
  } finally {
    await setBelgiumSource(true);
  }
  assert.equal((await registerWith({ country: "BE" })).status, 201);
  assert.equal((await profileOf(await submitProfile(token))).kyc_status, "pending_review");
});

test("GET needs a live login token, and each bearer sees only its own customer's profile", async () => {
  const unauthenticated = await app.request("/client/v1/me/profile", { headers: DEVICE });
  assert.equal(unauthenticated.status, 401);
  assert.equal((await readProfile("not-a-token")).status, 401);

  const first = await registeredCustomer(app);
  const second = await registeredCustomer(app);
  await profileOf(await changeProfile(first.token, COMPLETE));
  assert.deepEqual(await profileOf(await readProfile(second.token)), EMPTY_PROFILE);
  assert.equal((await profileOf(await readProfile(first.token))).given_names, "José María");
  const secondChange = await profileOf(await changeProfile(second.token, { given_names: "Second" }));
  assert.equal(secondChange.family_name, null, "a change touches the bearer's own profile only");
  assert.equal((await profileOf(await readProfile(first.token))).given_names, "José María");
  assert.equal((await changeProfile("not-a-token", { given_names: "Mallory" })).status, 401);
});

test("a change sets the fields sent, leaves the rest, and records the names changed and the values before and after", async () => {
  const { email, token } = await registeredCustomer(app);
  const profile = await profileOf(await changeProfile(token, COMPLETE, "form"));
  assert.deepEqual(profile, {
    ...EMPTY_PROFILE,
    ...COMPLETE,
    phone: "+447911123456",
    updated_at: profile.updated_at,
  });
  assert.ok(profile.updated_at && Date.parse(profile.updated_at) > Date.now() - 60_000);
  assert.deepEqual(await profileOf(await readProfile(token)), profile, "GET answers what POST did");

  const partial = await profileOf(await changeProfile(token, { address_line2: "Flat 2", address_city: "Manchester" }));
  assert.deepEqual(partial, {
    ...profile,
    address_line2: "Flat 2",
    address_city: "Manchester",
    updated_at: partial.updated_at,
  });

  const events = await eventsOf(email, "profile_updated");
  assert.deepEqual(
    events.map((event) => event.changedFields),
    [
      [
        "given_names",
        "family_name",
        "date_of_birth",
        "phone",
        "address_line1",
        "address_city",
        "address_postcode",
        "address_country",
        "country_of_residence",
        "nationality",
      ],
      ["address_line2", "address_city"],
    ],
  );
  assert.ok(
    events.every((event) => !JSON.stringify(event).includes("Manchester") && !JSON.stringify(event).includes("1990")),
    "the event carries the names, never the values",
  );
  const changes = await changesOf(email);
  assert.equal(changes.length, 2);
  assert.deepEqual(changes[1].before, { address_line2: null, address_city: "London" });
  assert.deepEqual(changes[1].after, { address_line2: "Flat 2", address_city: "Manchester" });
  assert.equal((changes[0].after as Profile).phone, "+447911123456");
  assert.equal(changes[0].kycReset, false);

  const same = await profileOf(await changeProfile(token, { address_city: " Manchester ", nationality: "es" }));
  assert.deepEqual(same, partial, "a call that changes nothing answers the profile as it is");
  assert.equal((await eventsOf(email, "profile_updated")).length, 2, "and records nothing");
  assert.equal((await changesOf(email)).length, 2);
  const me = await (await app.request("/client/v1/me", { headers: { ...DEVICE, ...bearer(token) } })).json();
  assert.deepEqual(Object.keys(me.customer).sort(), ["created_at", "email", "email_verified", "locale"]);
});

test("names: letters of any script, marks, spaces, hyphens, apostrophes, full stops, 1 to 100 characters", async () => {
  const { token } = await registeredCustomer(app);
  for (const name of [
    "Zoë",
    "李小龍",
    "Ngọc Ánh",
    "محمد",
    "Jean-Luc O’Neil Jr.",
    "d'Artagnan",
    "Ó Súilleabháin",
    "a".repeat(100),
  ]) {
    const profile = await profileOf(await changeProfile(token, { given_names: name, family_name: name }));
    assert.equal(profile.given_names, name);
  }
  const cases: [unknown, string][] = [
    ["R2D2", "invalid"],
    ["<script>", "invalid"],
    ["Anna_Maria", "invalid"],
    ["Anna, Maria", "invalid"],
    ["😀", "invalid"],
    ["-.'", "invalid"],
    ["a".repeat(101), "invalid"],
    ["a".repeat(70_000), "invalid"],
    ["Ann\u0000a", "invalid_characters"],
    ["Ann\ta", "invalid_characters"],
    ["Ann\na", "invalid_characters"],
    ["Ann\u202ea", "invalid_characters"],
    ["Ann\ud800", "invalid_characters"],
    [42, "invalid"],
    [{ first: "Ann" }, "invalid"],
    ["   ", "required"],
    [null, "required"],
  ];
  for (const [name, code] of cases) {
    const response = await changeProfile(token, { given_names: name, family_name: name });
    if (typeof name === "string" && name.length > 60_000) {
      assert.equal(response.status, 413, "a body beyond 64 KiB is refused before it is read");
      continue;
    }
    assert.deepEqual(await errorsOf(response), [`family_name:${code}`, `given_names:${code}`], JSON.stringify(name));
  }
  assert.equal((await profileOf(await readProfile(token))).given_names, "a".repeat(100), "nothing refused was stored");
});

test("date of birth: a real date, not in the future, at least 18 years ago", async () => {
  const { token } = await registeredCustomer(app);
  for (const date of ["1990-02-28", "2000-02-29", yearsAgo(18), " 1975-12-31 "]) {
    assert.equal((await profileOf(await changeProfile(token, { date_of_birth: date }))).date_of_birth, date.trim());
  }
  const cases: [unknown, string][] = [
    ["2023-02-30", "invalid"],
    ["2001-02-29", "invalid"],
    ["1990-13-01", "invalid"],
    ["1990-00-10", "invalid"],
    ["1990-1-1", "invalid"],
    ["17/05/1990", "invalid"],
    ["1990-05-17T00:00:00Z", "invalid"],
    ["1899-12-31", "invalid"],
    ["0000-01-01", "invalid"],
    ["+01990-05-17", "invalid"],
    [yearsAgo(0, -1), "invalid"],
    ["2999-01-01", "invalid"],
    ["1990-05-1\u0000", "invalid"],
    ["1".repeat(5000), "invalid"],
    [19900517, "invalid"],
    [yearsAgo(18, -1), "too_young"],
    [yearsAgo(0), "too_young"],
    ["", "required"],
  ];
  for (const [date, code] of cases) {
    assert.deepEqual(
      await errorsOf(await changeProfile(token, { date_of_birth: date })),
      [`date_of_birth:${code}`],
      String(date),
    );
  }
});

test("phone: international form, or national form read with the country of residence; answered in E.164", async () => {
  const { token } = await registeredCustomer(app);
  assert.deepEqual(
    await errorsOf(await changeProfile(token, { phone: "07911 123456" })),
    ["phone:invalid"],
    "a national number without a country of residence cannot be read",
  );
  assert.equal((await profileOf(await changeProfile(token, { phone: "+44 (0)7911 123-456" }))).phone, "+447911123456");
  assert.equal((await profileOf(await changeProfile(token, { phone: "+33 6 12 34 56 78" }))).phone, "+33612345678");
  const withResidence = await profileOf(
    await changeProfile(token, { phone: "06 12 34 56 78", country_of_residence: "FR" }),
  );
  assert.equal(withResidence.phone, "+33612345678", "read with the country of residence sent in the same call");
  await profileOf(await changeProfile(token, { country_of_residence: "GB" }));
  const stored = await profileOf(await changeProfile(token, { phone: "07911 123456" }, "form"));
  assert.equal(stored.phone, "+447911123456", "read with the stored country of residence");
  const cases: [unknown, string][] = [
    ["12345", "invalid"],
    ["not a phone", "invalid"],
    ["+44 7911 12345", "invalid"],
    ["+999 1234 5678", "invalid"],
    ["+44 7911 123456\u0000", "invalid_characters"],
    ["+44 7911\n123456", "invalid_characters"],
    ["+4".repeat(17), "too_long"],
    [447911123456, "invalid"],
    [null, "required"],
  ];
  for (const [phone, code] of cases) {
    assert.deepEqual(await errorsOf(await changeProfile(token, { phone })), [`phone:${code}`], String(phone));
  }
  assert.equal((await profileOf(await readProfile(token))).phone, "+447911123456");
});

test("countries: known alpha-2 codes; residence a source country; the address in the country of residence", async () => {
  const { token } = await registeredCustomer(app);
  const nationality = await profileOf(await changeProfile(token, { nationality: "us" }));
  assert.equal(nationality.nationality, "US", "any known country is a nationality");
  const cases: [Record<string, unknown>, string[]][] = [
    [{ nationality: "ZZ" }, ["nationality:invalid"]],
    [{ nationality: "USA" }, ["nationality:invalid"]],
    [{ nationality: "U\u0000" }, ["nationality:invalid"]],
    [{ nationality: 1 }, ["nationality:invalid"]],
    [{ nationality: "" }, ["nationality:required"]],
    [{ country_of_residence: "US" }, ["country_of_residence:not_source"]],
    [{ country_of_residence: "XX" }, ["country_of_residence:invalid"]],
    [{ country_of_residence: "G".repeat(3000) }, ["country_of_residence:invalid"]],
    [{ address_country: "GB" }, ["address_country:mismatch"]],
    [{ address_country: "QQ" }, ["address_country:invalid"]],
    [{ address_country: "FR", country_of_residence: "GB" }, ["address_country:mismatch"]],
    [{ address_country: "US", country_of_residence: "US" }, ["country_of_residence:not_source"]],
  ];
  for (const [body, expected] of cases) {
    const errors = await errorsOf(await changeProfile(token, body));
    for (const entry of expected) assert.ok(errors.includes(entry), `${JSON.stringify(body)}: ${errors}`);
  }
  const both = await profileOf(await changeProfile(token, { address_country: "fr", country_of_residence: "fr" }));
  assert.deepEqual([both.address_country, both.country_of_residence], ["FR", "FR"]);
  assert.deepEqual(
    await errorsOf(await changeProfile(token, { country_of_residence: "GB" })),
    ["country_of_residence:mismatch"],
    "moving without the address is a mismatch on the field sent",
  );
  const moved = await profileOf(await changeProfile(token, { country_of_residence: "DE", address_country: "DE" }));
  assert.deepEqual([moved.address_country, moved.country_of_residence], ["DE", "DE"]);
});

test("address text: bounded by its column, no control characters, only line 2 and region clearable", async () => {
  const { token } = await registeredCustomer(app);
  await profileOf(await changeProfile(token, { address_line2: "Flat 2", address_region: "Greater London" }));
  const cases: [Record<string, unknown>, string[]][] = [
    [{ address_line1: "x".repeat(201) }, ["address_line1:too_long"]],
    [{ address_line2: "x".repeat(201) }, ["address_line2:too_long"]],
    [{ address_city: "x".repeat(101) }, ["address_city:too_long"]],
    [{ address_region: "x".repeat(101) }, ["address_region:too_long"]],
    [{ address_postcode: "x".repeat(21) }, ["address_postcode:too_long"]],
    [{ address_line1: "1 High St\u0000" }, ["address_line1:invalid_characters"]],
    [{ address_line1: "1 High St\nLondon" }, ["address_line1:invalid_characters"]],
    [{ address_city: "Lon\u007fdon" }, ["address_city:invalid_characters"]],
    [{ address_postcode: "SW1\ud800" }, ["address_postcode:invalid_characters"]],
    [{ address_line1: null }, ["address_line1:required"]],
    [{ address_city: "" }, ["address_city:required"]],
    [{ address_postcode: 12345 }, ["address_postcode:invalid"]],
    [{ address_line1: ["1 High St"] }, ["address_line1:invalid"]],
    [
      { address_line1: "x".repeat(201), address_city: "\u0001", given_names: "1", date_of_birth: "2023-02-30" },
      ["address_city:invalid_characters", "address_line1:too_long", "date_of_birth:invalid", "given_names:invalid"],
    ],
  ];
  for (const [body, expected] of cases) {
    assert.deepEqual(await errorsOf(await changeProfile(token, body)), expected, JSON.stringify(body));
  }
  const trimmed = await profileOf(await changeProfile(token, { address_line1: `  ${"x".repeat(200)}  ` }));
  assert.equal(trimmed.address_line1, "x".repeat(200), "trimmed before it is measured");
  const cleared = await profileOf(await changeProfile(token, { address_line2: null, address_region: "" }));
  assert.deepEqual([cleared.address_line2, cleared.address_region], [null, null]);
  await profileOf(await changeProfile(token, { address_line2: "Flat 2" }));
  const clearedByForm = await profileOf(await changeProfile(token, { address_line2: "" }, "form"));
  assert.equal(clearedByForm.address_line2, null);
});

test("every problem in one answer: the fields' own rules and the checks against the reference data and the stored profile", async () => {
  const { token, email } = await registeredCustomer(app);
  const body = {
    given_names: "R2-D2",
    date_of_birth: "1990-02-30",
    phone: "12",
    nationality: "ZZ",
    address_country: "FR",
    address_city: "Paris\u0007",
    family_name: "Lovelace",
  };
  const expected = [
    "address_city:invalid_characters",
    "address_country:mismatch",
    "date_of_birth:invalid",
    "given_names:invalid",
    "nationality:invalid",
    "phone:invalid",
  ];
  assert.deepEqual(await errorsOf(await changeProfile(token, body)), expected);
  assert.deepEqual(await errorsOf(await changeProfile(token, body, "form")), expected, "a form the same");
  const answers = await Promise.all(Array.from({ length: 4 }, () => changeProfile(token, body)));
  for (const answer of answers) assert.deepEqual(await errorsOf(answer), expected, "at once, each the same");
  assert.equal((await customerRow(email)).familyName, null, "a valid field beside them is not written");
  assert.deepEqual(await eventsOf(email, "profile_updated"), []);
});

test("a body that is not an object, or not JSON, is a 400", async () => {
  const { token } = await registeredCustomer(app);
  const headers = { ...DEVICE, ...bearer(token), "Content-Type": "application/json" };
  for (const body of ["[]", "null", "{", '"GB"']) {
    const response = await app.request("/client/v1/me/profile", { method: "POST", headers, body });
    assert.equal(response.status, 400, body);
  }
  const ignored = await profileOf(await changeProfile(token, { kyc_status: "verified", email: "x@example.org" }));
  assert.equal(ignored.kyc_status, "not_submitted", "fields the call does not name are ignored");
});

test("submit: one required entry per missing field, then pending_review with one profile_submitted event", async () => {
  const { email, token } = await registeredCustomer(app);
  assert.equal((await app.request("/client/v1/me/profile/submit", { method: "POST", headers: DEVICE })).status, 401);
  assert.deepEqual(await errorsOf(await submitProfile(token)), [
    "address_city:required",
    "address_country:required",
    "address_line1:required",
    "address_postcode:required",
    "country_of_residence:required",
    "date_of_birth:required",
    "family_name:required",
    "given_names:required",
    "nationality:required",
    "phone:required",
  ]);
  await profileOf(await changeProfile(token, { ...COMPLETE, address_city: undefined, nationality: undefined }));
  assert.deepEqual(await errorsOf(await submitProfile(token)), ["address_city:required", "nationality:required"]);
  assert.equal((await customerRow(email)).kycStatus, "not_submitted");
  assert.equal((await eventsOf(email, "profile_submitted")).length, 0);

  await profileOf(await changeProfile(token, { address_city: "London", nationality: "GB" }));
  const submitted = await profileOf(await submitProfile(token));
  assert.equal(submitted.kyc_status, "pending_review", "address_line2 and address_region are not required");
  assert.deepEqual(await profileOf(await readProfile(token)), submitted);
  const again = await profileOf(await submitProfile(token));
  assert.deepEqual(again, submitted, "submitting a profile in review answers it as it is");
  const [event, ...more] = await eventsOf(email, "profile_submitted");
  assert.equal(more.length, 0);
  assert.deepEqual([event.outcome, event.ip, event.changedFields], ["success", DEVICE["X-Client-IP"], []]);

  const changed = await profileOf(await changeProfile(token, { address_line1: "11 Downing Street" }));
  assert.equal(changed.kyc_status, "pending_review", "a change during the review leaves it in review");
});

test("two submits at once: both answer pending_review, exactly one profile_submitted event", async () => {
  const { email, token } = await registeredCustomer(app);
  await profileOf(await changeProfile(token, COMPLETE));
  const answers = await Promise.all(Array.from({ length: 6 }, () => submitProfile(token)));
  for (const answer of answers) assert.equal((await profileOf(answer)).kyc_status, "pending_review");
  assert.equal((await eventsOf(email, "profile_submitted")).length, 1);
});

test("after verified: an identity change reopens the review, other fields change freely, a submit is refused", async () => {
  const { email, token } = await registeredCustomer(app);
  await profileOf(await changeProfile(token, COMPLETE));
  await profileOf(await submitProfile(token));
  await db().customer.update({ where: { email }, data: { kycStatus: "verified" } });

  assert.deepEqual(await errorsOf(await submitProfile(token)), ["kyc_status:already_verified"]);
  const moved = await profileOf(await changeProfile(token, { address_line1: "1 Other Road", phone: "+447400123456" }));
  assert.equal(moved.kyc_status, "verified", "an address or phone change keeps the verification");
  const unchanged = await profileOf(await changeProfile(token, { family_name: COMPLETE.family_name }));
  assert.equal(unchanged.kyc_status, "verified", "sending the same name is no change");

  for (const [field, value] of [
    ["given_names", "Josefa"],
    ["family_name", "Smith"],
    ["date_of_birth", "1991-05-17"],
    ["nationality", "FR"],
  ]) {
    await db().customer.update({ where: { email }, data: { kycStatus: "verified" } });
    const reopened = await profileOf(await changeProfile(token, { [field]: value }));
    assert.equal(reopened.kyc_status, "pending_review", field);
    assert.equal(reopened[field], value);
    const last = (await changesOf(email)).at(-1)!;
    assert.equal(last.kycReset, true, field);
    assert.deepEqual(Object.keys(last.after as object), [field]);
  }
  assert.equal((await eventsOf(email, "kyc_status_changed")).length, 4, "each reset is an account event");
  assert.equal((await changesOf(email)).filter((change) => change.kycReset).length, 4);
});

test("a rejected profile can be changed and submitted again", async () => {
  const { email, token } = await registeredCustomer(app);
  await profileOf(await changeProfile(token, COMPLETE));
  await db().customer.update({ where: { email }, data: { kycStatus: "rejected" } });
  const changed = await profileOf(await changeProfile(token, { given_names: "Josefa" }));
  assert.equal(changed.kyc_status, "rejected", "until it is submitted again");
  assert.equal((await profileOf(await submitProfile(token))).kyc_status, "pending_review");
});

test("concurrent changes of one profile take turns: every field applied, each change's before the state it found", async () => {
  const { email, token } = await registeredCustomer(app);
  const bodies = [
    { given_names: "Anna", address_line1: "1 First Street" },
    { given_names: "Bella", address_city: "Leeds" },
    { given_names: "Clara", address_postcode: "LS1 1AA" },
    { given_names: "Dora", nationality: "IE" },
  ];
  const answers = await Promise.all(bodies.map((body) => changeProfile(token, body)));
  for (const answer of answers) await profileOf(answer);
  const profile = await profileOf(await readProfile(token));
  assert.deepEqual(
    [profile.address_line1, profile.address_city, profile.address_postcode, profile.nationality],
    ["1 First Street", "Leeds", "LS1 1AA", "IE"],
    "no change lost another's field",
  );
  const changes = await changesOf(email);
  assert.equal(changes.length, 4);
  // Taking turns, each change saw the given names the one before it wrote.
  const names = changes.map((change) => [
    (change.before as Profile).given_names,
    (change.after as Profile).given_names,
  ]);
  assert.equal(names[0][0], null);
  for (let index = 1; index < names.length; index += 1) assert.equal(names[index][0], names[index - 1][1]);
  assert.equal(profile.given_names, names.at(-1)![1]);
});

test("a profile change waits for a staff decision holding the customer's row, and sees its outcome", async () => {
  const { email, token } = await registeredCustomer(app);
  await profileOf(await changeProfile(token, COMPLETE));
  await profileOf(await submitProfile(token));
  const customer = await customerRow(email);
  let change: Promise<Response> | undefined;
  // A decision as the back office makes one: under the customer's row lock, verified.
  await db().$transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    change = changeProfile(token, { family_name: "Changed" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await tx.customer.update({ where: { id: customer.id }, data: { kycStatus: "verified" } });
  });
  const changed = await profileOf(await change!);
  assert.equal(changed.family_name, "Changed");
  assert.equal(changed.kyc_status, "pending_review", "the change came after the verification, so it reopened it");
  assert.equal((await changesOf(email)).at(-1)!.kycReset, true);
});
