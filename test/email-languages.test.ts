/**
 * E-mails in the customer's language (issue 14), over HTTP against the production build and
 * through the Resend stand-in: the locale given at registration, or set with POST /me, or the
 * default (the first enabled locale) picks the words, the subject and the date format of every
 * e-mail; a locale without a catalogue reads its language's, an unknown language English. And
 * every catalogue has every message of en_GB's, with the same placeholders.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { bumpVersion, changedHere } from "@/lib/platform/cache/versioned-cache";
import type { Prisma } from "@/lib/generated/prisma/client";
import { CATALOGUES, FALLBACK_CATALOGUE } from "@/emails/messages";
import type { Delivery } from "./support/fake-resend";
import { db, startTestAppWithResend } from "./support/app";
import { bearer, DEVICE, RESET_URL, uniqueEmail, VERIFY_URL } from "./support/accounts";

const { app, resend } = await startTestAppWithResend();
const { tradingName } = await db().settings.findFirstOrThrow();

const PASSWORD = "correct horse battery";

async function registered(locale?: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail("lang");
  const form: Record<string, string> = {
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
    email_verification_url: VERIFY_URL,
  };
  if (locale) form.locale = locale;
  const response = await app.request("/client/v1/register", { method: "POST", headers: DEVICE, form });
  assert.equal(response.status, 201, await response.clone().text());
  return { email, token: (await response.json()).token };
}

const post = (path: string, token: string, form: Record<string, string>) =>
  app.request(path, { method: "POST", headers: { ...DEVICE, ...bearer(token) }, form });

const delivered = (to: string, subject: string): Promise<Delivery> =>
  resend.waitForDelivery((d) => d.body.to === to && d.body.subject === subject);

/** Spaces of every kind (Intl puts non-breaking ones in numbers and times) as plain ones. */
const plainSpaces = (text: string) => text.replace(/\s/g, " ");

/** The e-mail's HTML (its apostrophes unescaped) and text, spaces plain. */
const bodiesOf = (email: Delivery) => [
  plainSpaces((email.body.html ?? "").replaceAll("&#x27;", "'")),
  plainSpaces(email.body.text ?? ""),
];

/** Changes reference data as the back office would, so every cache of it reloads. */
async function changeReferenceData(change: (tx: Prisma.TransactionClient) => Promise<unknown>) {
  await db().$transaction(async (tx) => {
    await change(tx);
    await bumpVersion(tx, "reference");
  });
  changedHere();
}

/** The date as the e-mail of `lang` must show it: the locale's format, the timezone (UTC) named. */
const shownDate = (date: Date, lang: string) =>
  new Intl.DateTimeFormat(lang, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(date);

/** The body shows the time of the action, taken between `before` and now (a minute may turn meanwhile). */
function assertShowsTime(body: string, before: Date, lang: string) {
  const candidates = [shownDate(before, lang), shownDate(new Date(), lang)].map(plainSpaces);
  assert.ok(
    candidates.some((date) => body.includes(date)),
    `one of ${candidates.join(" / ")} in:\n${body}`,
  );
  assert.match(candidates[0], /UTC/);
}

test("the verification e-mail is in the locale given at registration: French, German; without one, the default", async () => {
  const cases = [
    ["fr_FR", "fr-FR", `Confirmez votre adresse e-mail pour ${tradingName}`, "valable 24 heures"],
    ["de_DE", "de-DE", `Bestätigen Sie Ihre E-Mail-Adresse für ${tradingName}`, "24 Stunden gültig"],
    [undefined, "en-GB", `Verify your e-mail address for ${tradingName}`, "valid for 24 hours"],
  ] as const;
  for (const [locale, lang, subject, validity] of cases) {
    const customer = await registered(locale);
    const email = await delivered(customer.email, subject);
    assert.match(email.body.html ?? "", new RegExp(`<html[^>]* lang="${lang}"`));
    for (const body of bodiesOf(email)) {
      assert.ok(body.includes(validity), `${validity} in ${body}`);
      assert.ok(body.includes("https://app.example.com/verify/"), "the link");
    }
  }
});

test("the reset e-mail is in the locale the customer set with POST /me", async () => {
  const cases = [
    ["fr_FR", `Réinitialisez votre mot de passe ${tradingName}`, "valable 1 heure", "Choisir un nouveau mot de passe"],
    ["de_DE", `Setzen Sie Ihr Passwort für ${tradingName} zurück`, "1 Stunde gültig", "Neues Passwort wählen"],
  ] as const;
  for (const [locale, subject, validity, action] of cases) {
    const customer = await registered();
    assert.equal((await post("/client/v1/me", customer.token, { locale })).status, 200);
    const forgot = await app.request("/client/v1/forgot-password", {
      method: "POST",
      headers: DEVICE,
      form: { email: customer.email, reset_password_url: RESET_URL },
    });
    assert.equal(forgot.status, 200);
    const email = await delivered(customer.email, subject);
    const [html, text] = bodiesOf(email);
    assert.ok(text.includes(validity), `${validity} in ${text}`);
    assert.ok(html.includes(action), `${action} in ${html}`);
    assert.ok((email.body.text ?? "").includes("https://app.example.com/reset?token="), "the link");
  }
});

test("the password-changed notice is in the customer's language, with the time in its format and UTC named", async () => {
  const cases = [
    ["fr_FR", "fr-FR", `Le mot de passe de votre compte ${tradingName} a été modifié`, "vient d'être modifié"],
    ["de_DE", "de-DE", `Ihr Passwort für ${tradingName} wurde geändert`, "wurde soeben geändert"],
  ] as const;
  for (const [locale, lang, subject, sentence] of cases) {
    const customer = await registered(locale);
    const before = new Date();
    const password = "an entirely new passphrase";
    const changed = await post("/client/v1/change-password", customer.token, {
      current_password: PASSWORD,
      password,
      confirm_password: password,
    });
    assert.equal(changed.status, 200, await changed.clone().text());
    const email = await delivered(customer.email, subject);
    for (const body of bodiesOf(email)) {
      assert.ok(body.includes(sentence), `${sentence} in ${body}`);
      assertShowsTime(body, before, lang);
    }
    assert.doesNotMatch(email.body.text ?? "", /DETAILSTANDIN/);
  }
});

test("closing an account e-mails a notice to the address it had, in its language, with the time; a refused close sends none", async () => {
  const customer = await registered("de_DE");
  const refused = await post("/client/v1/close-account", customer.token, { password: "not the password" });
  assert.equal(refused.status, 400);
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "account_closed" } }), 0);

  const before = new Date();
  const closed = await post("/client/v1/close-account", customer.token, { password: PASSWORD });
  assert.equal(closed.status, 200, await closed.clone().text());
  const email = await delivered(customer.email, `Ihr Konto bei ${tradingName} wurde geschlossen`);
  for (const body of bodiesOf(email)) {
    assert.ok(body.includes("wurde am "), body);
    assert.ok(body.includes("ein neues Konto mit dieser Adresse"), body);
    assertShowsTime(body, before, "de-DE");
  }
  assert.doesNotMatch(email.body.html ?? "", /href="https?:/, "a notice carries no link");
  const rows = await db().emailOutbox.findMany({ where: { toAddress: customer.email, template: "account_closed" } });
  assert.equal(rows.length, 1);

  const english = await registered();
  assert.equal((await post("/client/v1/close-account", english.token, { password: PASSWORD })).status, 200);
  const notice = await delivered(english.email, `Your ${tradingName} account was closed`);
  assert.ok((notice.body.text ?? "").includes("You can open a new account with this address at any time."));
});

test("a locale without a catalogue reads its language's (fr_CA → French), an unknown language English; the default follows the settings' order", async () => {
  const { position } = await db().locale.findUniqueOrThrow({ where: { id: "de_DE" } });
  await changeReferenceData(async (tx) => {
    await tx.locale.create({ data: { id: "fr_CA", label: "Français (Canada)", position: 90 } });
    await tx.locale.create({ data: { id: "zz_ZZ", label: "Unknown", position: 91 } });
  });
  try {
    const canadian = await registered("fr_CA");
    const french = await delivered(canadian.email, `Confirmez votre adresse e-mail pour ${tradingName}`);
    assert.match(french.body.html ?? "", /<html[^>]* lang="fr-CA"/, "written for fr-CA, words from fr_FR");

    const unknown = await registered("zz_ZZ");
    const english = await delivered(unknown.email, `Verify your e-mail address for ${tradingName}`);
    assert.match(english.body.html ?? "", /<html[^>]* lang="en-GB"/);

    // No locale chosen: the first enabled one in settings order, here German.
    await changeReferenceData((tx) => tx.locale.update({ where: { id: "de_DE" }, data: { position: -1 } }));
    const byDefault = await registered();
    await delivered(byDefault.email, `Bestätigen Sie Ihre E-Mail-Adresse für ${tradingName}`);
  } finally {
    await changeReferenceData(async (tx) => {
      await tx.locale.deleteMany({ where: { id: { in: ["fr_CA", "zz_ZZ"] } } });
      await tx.locale.update({ where: { id: "de_DE" }, data: { position } });
    });
  }
});

/** Every message of a catalogue, by its dotted key. */
const messagesOf = (catalogue: object, prefix = ""): [string, string][] =>
  Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : messagesOf(value, `${prefix}${key}.`),
  );
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

test("every catalogue has every message of en_GB's, translated, with the same placeholders", () => {
  const reference = new Map(messagesOf(CATALOGUES[FALLBACK_CATALOGUE]));
  assert.deepEqual(Object.keys(CATALOGUES).sort(), ["de_DE", "en_GB", "en_US", "es_ES", "fr_FR", "pt_PT"]);
  for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
    const messages = new Map(messagesOf(catalogue));
    assert.deepEqual([...messages.keys()].sort(), [...reference.keys()].sort(), locale);
    for (const [key, message] of messages) {
      assert.notEqual(message.trim(), "", `${locale} ${key}`);
      assert.deepEqual(placeholders(message), placeholders(reference.get(key) ?? ""), `${locale} ${key}`);
    }
  }
});
