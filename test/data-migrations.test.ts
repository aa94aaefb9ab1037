/**
 * Migrations that rewrite rows already written (issues 28, 30, 37, 38): each applied on a database
 * migrated up to just before it, holding rows as the service wrote them then. Beside
 * migrations.test.ts, which they would otherwise push past a file's time limit on a loaded machine
 * (each applies every migration before its own).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createAdapterFactory } from "@/lib/platform/db";
import { readMigrations, wholeScripts } from "@/lib/platform/db/migrations";
import { databaseTarget } from "@/lib/platform/db/target";
import { createTestDatabase } from "@/tooling/throwaway-database";
import { migrationScript, queryRows } from "./support/migration-steps";

test("issue 30: old time-zone names become current ones, and settings saved before are marked edited", async () => {
  const database = await createTestDatabase();
  const { factory, close } = createAdapterFactory(databaseTarget(database.url));
  try {
    const adapter = await factory.connect();
    const rows = (sql: string) => queryRows(adapter, sql);
    const migrations = readMigrations().migrationDirectories;
    const first = migrations.findIndex((directory) => directory.path.endsWith("_settings_edited_and_wrong_code"));
    const zones = migrations.findIndex((directory) => directory.path.endsWith("_canonical_time_zones"));
    assert.ok(first > 0 && zones > first);
    for (const directory of migrations.slice(0, first)) await adapter.executeScript(migrationScript(directory));
    await adapter.executeScript(`
      INSERT INTO settings (id, trading_name, company_name, tag_line, license, cs_number, cs_email, hq_address, hq_city, hq_postcode, hq_country)
        VALUES (1, 'Real Remit', 'Real Remit Ltd', 'Tag', 'Licence', '+44 20 7946 0000', 'help@real.example', '1 Real Street', 'London', 'EC1A 1AA', 'United Kingdom');
      INSERT INTO audit_log (action, resource, resource_id, created_at) VALUES ('update', 'settings', '1', '2026-11-20 10:00:00');
      INSERT INTO audit_log (action, resource, resource_id, created_at) VALUES ('update', 'locales', 'en_GB', '2026-11-21 10:00:00');
      INSERT INTO cache_versions (key, version) VALUES ('reference', 5);
      INSERT INTO timezones (id, label, enabled, position) VALUES
        ('Europe/Kiev', 'Kiev', false, 7),
        ('Asia/Calcutta', 'India (head office)', true, 3),
        ('Pacific/Truk', 'Truk', true, 9),
        ('Pacific/Chuuk', 'Chuuk', true, 10),
        ('Europe/London', 'London', true, 1);
    `);
    for (const directory of migrations.slice(first, zones + 1)) await adapter.executeScript(migrationScript(directory));

    assert.deepEqual(await rows(`SELECT edited_at::text AS edited_at FROM settings`), [
      { edited_at: "2026-11-20 10:00:00" },
    ]);
    assert.deepEqual(await rows(`SELECT id, label, enabled, position FROM timezones ORDER BY position`), [
      { id: "Europe/London", label: "London", enabled: true, position: 1 },
      { id: "Asia/Kolkata", label: "India (head office)", enabled: true, position: 3 },
      { id: "Europe/Kyiv", label: "Kyiv", enabled: false, position: 7 },
      { id: "Pacific/Chuuk", label: "Chuuk", enabled: true, position: 10 },
    ]);
    assert.deepEqual(await rows(`SELECT version FROM cache_versions WHERE key = 'reference'`), [{ version: 6 }]);
  } finally {
    await close();
    await database.drop();
  }
});

test("issue 28: the audit chain's migration chains the entries already written in id order; the trigger chains the next", async () => {
  const database = await createTestDatabase();
  const { factory, close } = createAdapterFactory(databaseTarget(database.url));
  try {
    const adapter = await factory.connect();
    const runner = wholeScripts(adapter);
    const rows = (sql: string) => queryRows(adapter, sql);
    const migrations = readMigrations().migrationDirectories;
    const chain = migrations.findIndex((directory) => directory.path.endsWith("_audit_hash_chain"));
    assert.ok(chain > 0);
    for (const directory of migrations.slice(0, chain)) await runner.executeScript(migrationScript(directory));
    // Written out of time order, a NULL beside an empty string: the chain follows the ids.
    await runner.executeScript(`
      INSERT INTO audit_log (action, resource, resource_id, email, created_at) VALUES
        ('update', 'settings', '1', '', '2026-03-01 00:00:00'),
        ('sign_in', 'staff', '', 'x@example.org', '2026-02-01 00:00:00'),
        ('update', 'settings', '1', NULL, '2026-01-01 00:00:00')`);
    await runner.executeScript(migrationScript(migrations[chain]));
    await runner.executeScript(
      "INSERT INTO audit_log (action, resource, resource_id) VALUES ('update', 'settings', '1'); INSERT INTO audit_log (action, resource, resource_id) VALUES ('update', 'settings', '1')",
    );
    const chained = await rows(`
      SELECT id, chain_position::int AS position, prev_hash = lag(hash) OVER (ORDER BY chain_position) AS linked,
        prev_hash IS NULL AS first, hash = audit_entry_hash(audit_log.*) AS matches
      FROM audit_log ORDER BY chain_position`);
    assert.deepEqual(
      chained.map(({ id, position }) => [id, position]),
      [
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
        [5, 5],
      ],
    );
    assert.ok(chained[0].first);
    for (const entry of chained.slice(1)) assert.ok(entry.linked, `entry ${entry.id} links to the one before`);
    for (const entry of chained) assert.ok(entry.matches, `entry ${entry.id}'s hash`);
    // NULL and '' hash apart; the hash does not depend on the session's settings.
    const [one] = await rows(`SELECT hash FROM audit_log WHERE id = 1`);
    await runner.executeScript(
      "SET DateStyle = 'SQL, DMY'; SET TimeZone = 'Pacific/Chatham'; SET extra_float_digits = 0; CREATE TABLE settings_seen AS SELECT audit_entry_hash(audit_log.*) AS hash FROM audit_log WHERE id = 1",
    );
    assert.deepEqual(await rows("SELECT hash FROM settings_seen"), [one]);
    const [differs] = await rows(
      `SELECT audit_entry_hash(a) <> audit_entry_hash(jsonb_populate_record(a, '{"email": null}')) AS differs
       FROM audit_log a WHERE id = 1`,
    );
    assert.equal(differs.differs, true, "an empty e-mail and none hash apart");
    await adapter.dispose();
  } finally {
    await close();
    await database.drop();
  }
});

test("issue 37: the actor migration names who acted in every entry from what it holds, and keeps every hash valid", async () => {
  const database = await createTestDatabase();
  const { factory, close } = createAdapterFactory(databaseTarget(database.url));
  try {
    const adapter = await factory.connect();
    const runner = wholeScripts(adapter);
    const rows = (sql: string) => queryRows(adapter, sql);
    const migrations = readMigrations().migrationDirectories;
    const actor = migrations.findIndex((directory) => directory.path.endsWith("_audit_actor"));
    assert.ok(actor > 0);
    for (const directory of migrations.slice(0, actor)) await runner.executeScript(migrationScript(directory));
    await runner.executeScript(`
      INSERT INTO staff (email, name, password_hash, role) VALUES ('a@example.org', 'A', 'x', 'admin');
      INSERT INTO audit_log (staff_id, action, resource, resource_id, before, after, email) VALUES
        (1, 'update', 'settings', '1', NULL, NULL, NULL),
        (NULL, 'sign_in', 'staff', '', NULL, NULL, 'nobody@example.org'),
        (NULL, 'export_data', 'customers', '7', NULL, '{"by": "customer", "api_client_id": 3}', NULL),
        (NULL, 'export_data', 'customers', '7', NULL, '{"by": "staff", "reason": "asked"}', NULL),
        (NULL, 'retention_run', 'retention', '1', NULL, '{"trigger": "schedule"}', NULL),
        (NULL, 'retention_run', 'retention', '2', NULL, '{"trigger": "command_line"}', NULL),
        (NULL, 'create', 'staff', '1', NULL, NULL, NULL),
        (NULL, 'create', 'clients', '1', NULL, NULL, NULL),
        (NULL, 'revoke', 'clients', '1', NULL, NULL, NULL),
        (NULL, 'kyc_decision', 'customers', '7', NULL, '{"kyc_status": "verified"}', NULL)`);
    const hashes = await rows("SELECT id, hash FROM audit_log ORDER BY id");
    await runner.executeScript(migrationScript(migrations[actor]));
    await runner.executeScript(
      "INSERT INTO audit_log (actor, action, resource, resource_id) VALUES ('customer', 'export_data', 'customers', '7')",
    );
    assert.deepEqual(
      (await rows("SELECT actor::text AS actor FROM audit_log ORDER BY id")).map((row) => row.actor),
      ["staff", "staff", "customer", "staff", "schedule", "cli", "cli", "cli", "cli", "staff", "customer"],
      "a kyc decision whose staff member was deleted is still staff",
    );
    assert.deepEqual(await rows("SELECT id, hash FROM audit_log WHERE id <= 10 ORDER BY id"), hashes);
    const chained = await rows(`
      SELECT id, prev_hash IS NOT DISTINCT FROM lag(hash) OVER (ORDER BY chain_position) AS linked,
        hash = audit_entry_hash(audit_log.*) AS matches FROM audit_log ORDER BY chain_position`);
    for (const entry of chained) assert.ok(entry.linked && entry.matches, `entry ${entry.id} holds its hash`);
    // Past the head, the actor is covered: another actor is another hash; before it, it is not.
    const [changed] = await rows(`
      SELECT bool_and((audit_entry_hash(a) <> audit_entry_hash(jsonb_populate_record(a, '{"actor": "staff"}'))) = (a.id = 11)) AS covered
      FROM audit_log a`);
    assert.equal(changed.covered, true, "the actor enters the hash of the entries written after the migration only");
    await adapter.dispose();
  } finally {
    await close();
    await database.drop();
  }
});

test("issue 38: the deliveries written before it get their customer from their data; a test event's has none", async () => {
  const database = await createTestDatabase();
  const { factory, close } = createAdapterFactory(databaseTarget(database.url));
  try {
    const adapter = await factory.connect();
    const runner = wholeScripts(adapter);
    const migrations = readMigrations().migrationDirectories;
    const added = migrations.findIndex((directory) => directory.path.endsWith("_webhook_delivery_customer"));
    assert.ok(added > 0);
    for (const directory of migrations.slice(0, added)) await runner.executeScript(migrationScript(directory));
    await runner.executeScript(`
      INSERT INTO api_clients (name, client_id, secret_hash) VALUES ('c', 'c', 'x');
      INSERT INTO webhook_endpoints (api_client_id, url, events, secret_box, updated_at)
        VALUES (1, 'https://hooks.example.com', '{}', 'x', now());
      INSERT INTO webhook_deliveries (id, endpoint_id, event, data) VALUES
        ('a', 1, 'customer_registered', '{"customer_id": 42, "email": "a@example.com"}'),
        ('b', 1, 'webhook_test', '{"endpoint_id": 1}')`);
    await runner.executeScript(migrationScript(migrations[added]));
    const result = await adapter.queryRaw({
      sql: "SELECT id, customer_id FROM webhook_deliveries ORDER BY id",
      args: [],
      argTypes: [],
    });
    assert.deepEqual(result.rows, [
      ["a", 42],
      ["b", null],
    ]);
  } finally {
    await close();
    await database.drop();
  }
});
