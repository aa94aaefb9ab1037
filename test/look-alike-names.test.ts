/**
 * Names and addresses that look like other text (issue 36): hidden characters, direction changes,
 * styled and fullwidth letters, words mixing scripts, refused over HTTP on the profile and on staff
 * names; real names of any one script accepted and stored NFC; the list of scripts the rule knows
 * checked against the runtime's Unicode.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { SCRIPTS } from "@/lib/platform/validation/person-text";
import { startTestApp, db } from "./support/app";
import { bearer, DEVICE, registeredCustomer } from "./support/accounts";
import { staffSession } from "./support/staff";

const app = await startTestApp();
const admin = await staffSession(app, "admin");

const REAL_NAMES = [
  "Zoë",
  "Nguyễn",
  "李",
  "Марія",
  "O'Brien-Núñez",
  "José María",
  "Françoise d'Aubigné",
  "Ólafur",
  "Þórunn",
  "Μαρία",
  "محمد",
  "דוד",
  "山田 太郎",
  "やまだ",
  "김민준",
  "Ngũgĩ wa Thiong'o",
  "Anne-Marie",
  "St. John",
];

/** Each look-alike, the code it is refused with in a name and in an address line. */
const LOOK_ALIKES: [string, string, "invalid_characters" | "mixed_scripts"][] = [
  ["Hangul filler U+3164 as a whole name", "\u3164", "invalid_characters"],
  ["Hangul choseong filler U+115F", "\u115f", "invalid_characters"],
  ["Hangul jungseong filler U+1160", "\u1160", "invalid_characters"],
  ["halfwidth Hangul filler U+FFA0", "\uffa0", "invalid_characters"],
  ["combining grapheme joiner inside a name", "Ann\u034fa", "invalid_characters"],
  ["variation selector", "Ann\ufe0fa", "invalid_characters"],
  ["variation selector supplement", "Ann\u{e0100}a", "invalid_characters"],
  ["Cyrillic а in a Latin word", "P\u0430ypal", "mixed_scripts"],
  ["Greek ο in a Latin word", "J\u03bfhn", "mixed_scripts"],
  ["a hyphenated word of two scripts", "Иван-John", "mixed_scripts"],
  ["mathematical bold letters", "𝐀𝐝𝐚", "invalid_characters"],
  ["fullwidth letters", "Ａｄａ", "invalid_characters"],
  ["a ligature", "\ufb01ona", "invalid_characters"],
  ["a superscript", "Ann\u00aa", "invalid_characters"],
  ["right-to-left override", "Ann\u202ea", "invalid_characters"],
  ["Arabic letter mark", "Ann\u061ca", "invalid_characters"],
  ["left-to-right mark", "Ann\u200ea", "invalid_characters"],
  ["first strong isolate", "Ann\u2068a", "invalid_characters"],
  ["zero-width space", "Ann\u200ba", "invalid_characters"],
  ["zero-width non-joiner", "Ann\u200ca", "invalid_characters"],
  ["zero-width joiner", "Ann\u200da", "invalid_characters"],
  ["word joiner", "Ann\u2060a", "invalid_characters"],
  ["byte order mark", "An\ufeffna", "invalid_characters"],
  ["soft hyphen", "An\u00adna", "invalid_characters"],
  ["line separator", "Ann\u2028a", "invalid_characters"],
  ["paragraph separator", "Ann\u2029a", "invalid_characters"],
  ["no-break space", "Ann\u00a0Lee", "invalid_characters"],
  ["ideographic space", "Ann\u3000Lee", "invalid_characters"],
  ["a tag character", "Ann\u{e0041}a", "invalid_characters"],
  ["a private-use character", "Ann\ue000a", "invalid_characters"],
  ["an unassigned code point", "Ann\u{2fffd}a", "invalid_characters"],
  ["a NUL", "Ann\u0000a", "invalid_characters"],
  ["a tab", "Ann\ta", "invalid_characters"],
  ["a C1 control", "Ann\u0085a", "invalid_characters"],
  ["a lone surrogate", "Ann\ud800a", "invalid_characters"],
];

type Profile = Record<string, string | null>;

function changeProfile(token: string, body: Record<string, unknown>) {
  return app.request("/client/v1/me/profile", { method: "POST", headers: { ...DEVICE, ...bearer(token) }, json: body });
}

async function readProfile(token: string): Promise<Profile> {
  const response = await app.request("/client/v1/me/profile", { headers: { ...DEVICE, ...bearer(token) } });
  assert.equal(response.status, 200);
  return (await response.json()).profile;
}

/** The `param:code` of each entry of a 400, sorted; every message names its field. */
async function errorsOf(response: Response): Promise<string[]> {
  assert.equal(response.status, 400, await response.clone().text());
  const body = await response.json();
  assert.equal(body.type, "invalid_request_error");
  const entries = body.errors as { param: string; code: string; message: string }[];
  for (const entry of entries) assert.ok(entry.message.length > 0);
  return entries.map((entry) => `${entry.param}:${entry.code}`).sort();
}

test("each look-alike is refused in the names and in every address line, and nothing is stored", async () => {
  const { token, email } = await registeredCustomer(app);
  const kept = { given_names: "Anna", family_name: "Lee", address_line1: "1 High St", address_city: "Leeds" };
  assert.equal((await changeProfile(token, kept)).status, 200);
  for (const [what, value, code] of LOOK_ALIKES) {
    const names = await changeProfile(token, { given_names: value, family_name: value });
    assert.deepEqual(await errorsOf(names), [`family_name:${code}`, `given_names:${code}`], what);
    const address = {
      address_line1: `1 ${value} St`,
      address_line2: value,
      address_city: value,
      address_region: value,
      address_postcode: `LS1 ${value}`,
    };
    const fields = Object.keys(address).map((field) => `${field}:${code}`);
    assert.deepEqual(await errorsOf(await changeProfile(token, address)), fields.sort(), what);
  }
  const stored = await readProfile(token);
  for (const [field, value] of Object.entries(kept)) assert.equal(stored[field], value, `${field} was kept`);
  assert.equal(await db().customerProfileChange.count({ where: { customer: { email } } }), 1, "only the first change");
});

test("every real name of one script is accepted and stored NFC, also when sent decomposed", async () => {
  const { token } = await registeredCustomer(app);
  for (const name of REAL_NAMES) {
    for (const sent of [name, name.normalize("NFD")]) {
      const response = await changeProfile(token, { given_names: sent, family_name: sent, address_city: sent });
      assert.equal(response.status, 200, `${name}: ${await response.clone().text()}`);
      const profile = await readProfile(token);
      assert.equal(profile.given_names, name.normalize("NFC"), name);
      assert.equal(profile.family_name, name.normalize("NFC"), name);
      assert.equal(profile.address_city, name.normalize("NFC"), name);
    }
  }
  const nfd = "Zoe\u0308";
  assert.equal((await changeProfile(token, { given_names: nfd })).status, 200);
  const row = await db().customer.findFirstOrThrow({ where: { givenNames: "Zo\u00eb" } });
  assert.equal(row.givenNames, "Zo\u00eb", "the column holds the composed form");
});

test("addresses: one script per word, with TS #39's mixes of Han, kana, Hangul, Bopomofo and Latin", async () => {
  const { token } = await registeredCustomer(app);
  for (const [line, city] of [
    ["ул. Ленина, д. 5, кв. 12", "Київ"],
    ["渋谷マークシティW22階", "渋谷区"],
    ["서울특별시 강남구 테헤란로 152", "서울"],
    ["شارع الملك فهد ١٢", "الرياض"],
    ["Flat 2/B, 10 O’Connell St.", "Dublin"],
    ["臺北市ㄅ 1號", "臺北"],
  ]) {
    const response = await changeProfile(token, { address_line1: line, address_city: city });
    assert.equal(response.status, 200, `${line}: ${await response.clone().text()}`);
    const profile = await readProfile(token);
    assert.deepEqual([profile.address_line1, profile.address_city], [line, city]);
  }
  for (const line of ["10 Dоwning Street", "221b Вaker Street", "Ленинаstreet 5", "서울Ленина", "Πaris"]) {
    assert.deepEqual(await errorsOf(await changeProfile(token, { address_line1: line })), [
      "address_line1:mixed_scripts",
    ]);
  }
});

test("lengths are judged on the NFC form; oversized and control-character input is a 400, never a 500", async () => {
  const { token } = await registeredCustomer(app);
  const decomposed = "e\u0301".repeat(100);
  assert.equal(
    (await changeProfile(token, { given_names: decomposed })).status,
    200,
    "100 letters, 200 code points sent",
  );
  assert.equal((await readProfile(token)).given_names, "\u00e9".repeat(100));
  const cases: [Record<string, unknown>, string[]][] = [
    [{ given_names: "\u00e9".repeat(101) }, ["given_names:invalid"]],
    [{ given_names: "e\u0301".repeat(101) }, ["given_names:invalid"]],
    [{ address_line1: "\u00e9".repeat(201) }, ["address_line1:too_long"]],
    [{ address_line1: "\u200b".repeat(10_000) }, ["address_line1:invalid_characters"]],
    [{ family_name: `${"Anna".repeat(20)}\u0430` }, ["family_name:mixed_scripts"]],
    [{ family_name: "𝐀".repeat(10_000) }, ["family_name:invalid_characters"]],
    [{ address_city: "Lon\u007fdon" }, ["address_city:invalid_characters"]],
    [{ address_city: "\u001b[2J" }, ["address_city:invalid_characters"]],
    [{ given_names: "Ann\na" }, ["given_names:invalid_characters"]],
    [{ given_names: 42 }, ["given_names:invalid"]],
  ];
  for (const [body, expected] of cases) {
    assert.deepEqual(await errorsOf(await changeProfile(token, body)), expected, JSON.stringify(body).slice(0, 80));
  }
  const oversized = await changeProfile(token, { given_names: "\u3164".repeat(70_000) });
  assert.equal(oversized.status, 413, "a body beyond 64 KiB is refused before it is read");
  assert.equal((await readProfile(token)).given_names, "\u00e9".repeat(100), "nothing refused was stored");
});

/**
 * A change sent again while it answers 503 with Retry-After, as an app would: twelve at once can
 * outwait the embedded database's one connection on a loaded machine (each change, refused or not,
 * reads the stored profile under the account's lock); what is checked is the answer it then gets.
 */
async function answered(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await send();
    if (response.status !== 503 || !response.headers.get("retry-after") || attempt === 5) return response;
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
}

test("look-alikes and real names at once, from many customers: each answered by its own rule", async () => {
  const customers = await Promise.all(LOOK_ALIKES.slice(0, 6).map(() => registeredCustomer(app)));
  const answers = await Promise.all(
    customers.map(({ token }, index) => {
      const [, value] = LOOK_ALIKES[index];
      const real = REAL_NAMES[index].normalize("NFD");
      return Promise.all([
        answered(() => changeProfile(token, { given_names: value })),
        answered(() => changeProfile(token, { family_name: real })),
      ]);
    }),
  );
  for (const [index, [refused, accepted]] of answers.entries()) {
    const [what, , code] = LOOK_ALIKES[index];
    assert.deepEqual(await errorsOf(refused), [`given_names:${code}`], what);
    assert.equal(accepted.status, 200);
    const profile = await readProfile(customers[index].token);
    assert.deepEqual([profile.given_names, profile.family_name], [null, REAL_NAMES[index]]);
  }
});

test("staff names: the same rule when created and changed in the back office, stored NFC", async () => {
  for (const [index, [what, value, code]] of LOOK_ALIKES.entries()) {
    const email = `look.alike.${index}@staff.example.org`;
    const created = await admin.request("/api/admin/staff", {
      method: "POST",
      json: { email, name: `Eve ${value}`, role: "operations" },
    });
    assert.deepEqual(await errorsOf(created), [`name:${code}`], what);
    const changed = await admin.request(`/api/admin/staff/${admin.staff.id}`, {
      method: "PUT",
      json: { name: value },
    });
    assert.deepEqual(await errorsOf(changed), [`name:${code}`], what);
  }
  assert.equal(await db().staff.count({ where: { email: { startsWith: "look.alike." } } }), 0);

  const created = await admin.request("/api/admin/staff", {
    method: "POST",
    json: { email: "nfd.name@staff.example.org", name: "Françoise d'Aubigné".normalize("NFD"), role: "operations" },
  });
  assert.equal(created.status, 201, await created.clone().text());
  const member = await created.json();
  assert.equal(member.name, "Françoise d'Aubigné");
  const renamed = await admin.request(`/api/admin/staff/${member.id}`, {
    method: "PUT",
    json: { name: "山田 太郎".normalize("NFD") },
  });
  assert.equal(renamed.status, 200, await renamed.clone().text());
  assert.equal((await db().staff.findUniqueOrThrow({ where: { id: member.id } })).name, "山田 太郎");
});

test("the rule knows every script of this runtime's Unicode: no assigned letter falls outside SCRIPTS", () => {
  const isKnown = (script: string) => {
    try {
      new RegExp(`\\p{sc=${script}}`, "u");
      return true;
    } catch {
      return false;
    }
  };
  const known = SCRIPTS.filter(isKnown);
  const classes = [...known, "Zyyy", "Zinh"].map((script) => `\\p{scx=${script}}`).join("");
  const outside = new RegExp(`[^${classes}\\p{Cn}\\p{Co}\\p{Cs}]`, "gu");
  const everyCodePoint = Array.from({ length: 0x110000 }, (_, codePoint) =>
    codePoint >= 0xd800 && codePoint <= 0xdfff ? "" : String.fromCodePoint(codePoint),
  ).join("");
  const missing = [...everyCodePoint.matchAll(outside)].map(([character]) => character.codePointAt(0)?.toString(16));
  assert.deepEqual(missing.slice(0, 10), [], "code points in a script that SCRIPTS lacks (add its ISO 15924 code)");
});
