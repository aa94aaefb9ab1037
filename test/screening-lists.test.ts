/**
 * Screening lists (issue 41): each publisher's format imported from the project's own fixtures over
 * HTTP as versions switched in atomically (added, changed, removed), broken files refused with the
 * place at fault and the version in force kept, the limits, the roles, concurrent imports, and the
 * command line beside a running server.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { signIn, staffSession } from "./support/staff";
import { FIXTURES, importList, listFiles } from "./support/screening";
import { jsonLines, runCli } from "./support/cli";
import { startServerProcess } from "@/tooling/server-process";
import { copyEmbeddedTemplate } from "@/tooling/throwaway-database";

const app = await startTestApp({ SCREENING_IMPORT_MAX_BYTES: "100000", SCREENING_LIST_MAX_ENTRIES: "40" });
const compliance = await staffSession(app, "compliance");
const admin = await staffSession(app, "admin");
const operations = await staffSession(app, "operations");

type ListRow = {
  name: string;
  format: string;
  version: number;
  entries: number;
  topics: string[];
  imported_by: string;
};
const lists = async (): Promise<ListRow[]> => {
  const response = await compliance.request("/api/admin/screening/lists");
  assert.equal(response.status, 200);
  return response.json();
};
const listNamed = async (name: string) => (await lists()).find((list) => list.name === name);

test("OFAC's files import as version 1: individuals only, aliases from ALT.CSV, dates and nationalities from Remarks", async () => {
  const response = await importList(compliance.request, "ofac-sdn-csv", "ofac");
  assert.equal(response.status, 200, await response.clone().text());
  assert.deepEqual(await response.json(), {
    list: "ofac-sdn",
    format: "ofac-sdn-csv",
    version: 1,
    entries: 29,
    added: 29,
    changed: 0,
    removed: 0,
  });
  const nasser = await db().screeningEntry.findFirstOrThrow({ where: { externalId: "7157" } });
  assert.equal(nasser.name, "NASSER, Karim Abdul");
  assert.deepEqual(nasser.aliases, ["NASER, Kareem", "NASSER, Karim"]);
  assert.deepEqual(nasser.birthDates, ["1970-01-12"]);
  assert.deepEqual(nasser.nationalities, ["IR"]);
  assert.deepEqual(nasser.programs, ["SDGT"]);
  const rashid = await db().screeningEntry.findFirstOrThrow({ where: { externalId: "10001" } });
  assert.deepEqual(rashid.programs, ["SDGT", "IRGC"]);
  assert.equal(await db().screeningEntry.count({ where: { externalId: { in: ["20001", "20002", "20003"] } } }), 0);
  const row = await listNamed("ofac-sdn");
  assert.equal(row?.version, 1);
  assert.equal(row?.entries, 29);
  assert.deepEqual(row?.topics, ["sanction"]);
  assert.equal(row?.imported_by, compliance.staff.email);
  const audit = await db().auditLog.findFirstOrThrow({
    where: { action: "import_screening_list" },
    orderBy: { id: "desc" },
  });
  assert.equal(audit.staffId, compliance.staff.id);
  assert.equal(audit.resource, "screening_lists");
});

test("the UN's XML and OpenSanctions' FtM lines import: years of birth alone, scripts, PEPs told from sanctions", async () => {
  const un = await importList(admin.request, "un-xml", "un-consolidated.xml");
  assert.equal(un.status, 200, await un.clone().text());
  assert.equal((await un.json()).added, 12);
  const haqqani = await db().screeningEntry.findFirstOrThrow({ where: { externalId: "6908447" } });
  assert.equal(haqqani.name, "SIRAJUDDIN JALLALOUDINE HAQQANI");
  assert.deepEqual(haqqani.birthDates, ["1977", "1978"]);
  assert.deepEqual(haqqani.programs, ["TAi"]);
  const hamza = await db().screeningEntry.findFirstOrThrow({ where: { externalId: "6908302" } });
  assert.deepEqual(hamza.birthDates, ["1989"]);
  assert.deepEqual(hamza.nationalities, ["SA"]);

  const ftm = await importList(compliance.request, "opensanctions-ftm", "opensanctions.jsonl", "opensanctions-peps");
  assert.equal(ftm.status, 200, await ftm.clone().text());
  assert.equal((await ftm.json()).added, 15, "the company is skipped");
  const karim = await db().screeningEntry.findFirstOrThrow({ where: { externalId: "NK-karim-nasser" } });
  assert.equal(karim.name, "Карим Насер");
  assert.deepEqual(karim.aliases, ["كريم ناصر"]);
  const khamenei = await db().screeningEntry.findFirstOrThrow({ where: { externalId: "Q182865" } });
  assert.deepEqual(khamenei.topics, ["pep"]);
  assert.deepEqual((await listNamed("opensanctions-peps"))?.topics, ["pep", "sanction"]);
});

test("a new version reports what it added, changed and removed; a removed entry stays, marked", async () => {
  const files = listFiles("ofac");
  const lines = files["SDN.CSV"].split("\r\n");
  const dropped = lines.findIndex((line) => line.startsWith("10025,"));
  lines.splice(dropped, 1);
  const changed = lines.findIndex((line) => line.startsWith("10024,"));
  lines[changed] = lines[changed].replace("DOB 24 Oct 1966", "DOB 24 Oct 1967");
  lines.splice(1, 0, `10026,"NEWMAN, Added","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1990."`);
  const response = await importList(compliance.request, "ofac-sdn-csv", { ...files, "SDN.CSV": lines.join("\r\n") });
  assert.equal(response.status, 200, await response.clone().text());
  assert.deepEqual(await response.json(), {
    list: "ofac-sdn",
    format: "ofac-sdn-csv",
    version: 2,
    entries: 29,
    added: 1,
    changed: 1,
    removed: 1,
  });
  const removed = await db().screeningEntry.findFirstOrThrow({ where: { externalId: "10025" } });
  assert.equal(removed.removedInVersion, 2);
  const abramovich = await db().screeningEntry.findFirstOrThrow({ where: { externalId: "10024" } });
  assert.equal(abramovich.version, 2);
  assert.deepEqual(abramovich.birthDates, ["1967-10-24"]);
  const unchanged = await db().screeningEntry.findFirstOrThrow({ where: { externalId: "7157" } });
  assert.equal(unchanged.version, 1);

  const again = await importList(compliance.request, "ofac-sdn-csv", "ofac");
  assert.deepEqual(await again.json(), {
    list: "ofac-sdn",
    format: "ofac-sdn-csv",
    version: 3,
    entries: 29,
    added: 1,
    changed: 1,
    removed: 1,
  });
  assert.equal((await db().screeningEntry.findFirstOrThrow({ where: { externalId: "10025" } })).removedInVersion, null);
});

test("a broken file is refused with the line or element at fault, and the version in force stays", async () => {
  const before = await listNamed("ofac-sdn");
  const entriesBefore = await db().screeningEntry.count();
  const cases: [string, string, RegExp][] = [
    ["ofac-sdn-csv", "broken/ofac-unclosed-quote", /SDN\.CSV line 5/],
    ["ofac-sdn-csv", "broken/ofac-short-row", /SDN\.CSV line 3: .*/],
    ["un-xml", "broken/un-unclosed.xml", /line 6: not well-formed XML/],
    ["un-xml", "broken/un-bad-date.xml", /INDIVIDUAL 4 \(DATAID 6908050\)/],
    ["opensanctions-ftm", "broken/opensanctions-truncated.jsonl", /line 6: not a JSON object/],
  ];
  for (const [format, files, where] of cases) {
    const list = format === "ofac-sdn-csv" ? undefined : format === "un-xml" ? "un-consolidated" : "opensanctions-peps";
    const response = await importList(compliance.request, format, files, list);
    assert.equal(response.status, 400, files);
    const error = await response.json();
    assert.match(error.message, where, files);
    assert.match(error.message, /version in force stays/);
  }
  const ofacOnlySdn = await importList(compliance.request, "ofac-sdn-csv", { "SDN.CSV": listFiles("ofac")["SDN.CSV"] });
  assert.equal(ofacOnlySdn.status, 400);
  assert.match((await ofacOnlySdn.json()).message, /needs SDN\.CSV and ALT\.CSV/);
  const control = listFiles("opensanctions.jsonl")["opensanctions.jsonl"].replace(
    '"Ali Khamenei"',
    '"Ali\\u0007Khamenei"',
  );
  const withControl = await importList(
    compliance.request,
    "opensanctions-ftm",
    { "x.jsonl": control },
    "opensanctions-peps",
  );
  assert.equal(withControl.status, 400);
  assert.match((await withControl.json()).message, /line 3: a value holds a control character/);
  const wrongFormat = await importList(compliance.request, "un-xml", "un-consolidated.xml", "ofac-sdn");
  assert.equal(wrongFormat.status, 400);
  assert.match((await wrongFormat.json()).message, /ofac-sdn is ofac-sdn-csv, not un-xml/);

  assert.deepEqual(await listNamed("ofac-sdn"), before);
  assert.equal(await db().screeningEntry.count(), entriesBefore);
});

test("hostile uploads: unknown format, bad list names and file names, too large, too many people, not JSON", async () => {
  const bad = async (json: unknown, status = 400) => {
    const response = await compliance.request("/api/admin/screening/lists/import", { method: "POST", json });
    assert.equal(response.status, status, JSON.stringify(json).slice(0, 200));
    return response.json();
  };
  const files = listFiles("un-consolidated.xml");
  await bad({ format: "ofac-xml", files });
  await bad({ format: "un-xml", list: "UN List", files });
  await bad({ format: "un-xml", list: "un\u0000list", files });
  await bad({ format: "un-xml", list: "x".repeat(65), files });
  const traversal = await bad({ format: "un-xml", files: { "../../etc/passwd": "x" } });
  // The rule in words (the Lists page shows it), not zod's "Invalid key in record".
  assert.deepEqual(traversal.errors, [
    {
      param: "files.../../etc/passwd",
      code: "invalid",
      message: "a file's name is 1–100 letters, digits, dots or dashes",
    },
  ]);
  await bad({ format: "un-xml", files: {} });
  await bad({ format: "un-xml", files: { a: "1", b: "2", c: "3", d: "4" } });
  await bad({ format: "un-xml", files: { "un.xml": 12 } });
  const huge = await bad({ format: "un-xml", files: { "un.xml": "x".repeat(150_000) } }, 413);
  assert.match(huge.message, /too large/);
  const people = Array.from({ length: 41 }, (_, index) =>
    JSON.stringify({
      id: `p${index}`,
      schema: "Person",
      properties: { name: [`Person ${index}`], topics: ["sanction"] },
    }),
  ).join("\n");
  const many = await bad({ format: "opensanctions-ftm", list: "too-many", files: { "x.jsonl": people } });
  assert.match(many.message, /41 people, more than the 40/);
  assert.equal(await listNamed("too-many"), undefined);
  const form = await compliance.request("/api/admin/screening/lists/import", {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=x" },
    body: "--x--",
  });
  assert.equal(form.status, 415);
});

test("operations may neither read the lists nor import one", async () => {
  assert.equal((await operations.request("/api/admin/screening/lists")).status, 403);
  assert.equal((await importList(operations.request, "un-xml", "un-consolidated.xml")).status, 403);
});

test("imports of one list at once take turns: each its own version, none lost", async () => {
  const results = await Promise.all(
    Array.from({ length: 4 }, () => importList(compliance.request, "un-xml", "un-consolidated.xml", "un-concurrent")),
  );
  const versions = [];
  for (const response of results) {
    assert.equal(response.status, 200);
    versions.push((await response.json()).version);
  }
  assert.deepEqual(versions.sort(), [1, 2, 3, 4]);
  const row = await listNamed("un-concurrent");
  assert.equal(row?.version, 4);
  assert.equal(row?.entries, 12);
  const list = await db().screeningList.findUniqueOrThrow({ where: { name: "un-concurrent" } });
  assert.equal(await db().screeningEntry.count({ where: { listId: list.id, removedInVersion: null } }), 12);
});

test("screening import on the command line beside a running server: audited as the command line, refusals exit 2", async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-screening-cli-"));
  copyEmbeddedTemplate(path.join(directory, "db"));
  const env = { DATABASE_URL: `pglite:${path.join(directory, "db")}` };
  const server = await startServerProcess(env);
  try {
    const imported = await runCli(env, "screening", "import", path.join(FIXTURES, "ofac"), "--format", "ofac-sdn-csv");
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stderr, /Run by the server/);
    assert.deepEqual(jsonLines(imported.stdout), [
      { list: "ofac-sdn", format: "ofac-sdn-csv", version: 1, entries: 29, added: 29, changed: 0, removed: 0 },
    ]);
    const broken = await runCli(
      env,
      "screening",
      "import",
      path.join(FIXTURES, "broken/un-unclosed.xml"),
      "--format",
      "un-xml",
      "--list",
      "un",
    );
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /line 6: not well-formed XML/);
    const unknown = await runCli(env, "screening", "import", path.join(FIXTURES, "ofac"), "--format", "ofac");
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /format must be one of/);
    const missing = await runCli(env, "screening", "import", path.join(directory, "nope"), "--format", "un-xml");
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /No such file or folder/);

    const staff = await runCli(env, "staff", "create", "--email", "screening@example.com", "--role", "compliance");
    const [{ password }] = jsonLines(staff.stdout);
    const { jar } = await signIn(server, "screening@example.com", password);
    const listed = await fetch(`${server.url}/api/admin/screening/lists`, { headers: { Cookie: jar.header() } });
    const [row] = await listed.json();
    assert.equal(row.name, "ofac-sdn");
    assert.equal(row.imported_by, "cli");
    assert.equal(row.version, 1);
  } finally {
    await server.stop();
    fs.rmSync(directory, { recursive: true, force: true });
  }
});
