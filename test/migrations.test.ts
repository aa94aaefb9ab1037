import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { createAdapterFactory } from "@/lib/platform/db";
import {
  applyMigrations,
  createMigration,
  MIGRATIONS_DIR,
  readMigrations,
  wholeScripts,
} from "@/lib/platform/db/migrations";
import { databaseTarget } from "@/lib/platform/db/target";
import {
  AuditAction,
  AuditResource,
  CustomerEventType,
  EmailTemplate,
  EventOutcome,
  OutboxStatus,
  RateLimitBucket,
  StaffRole,
  TokenPurpose,
} from "@/lib/generated/prisma/enums";
import { createTestDatabase } from "@/tooling/throwaway-database";
import { migrationScript, queryRows } from "./support/migration-steps";

test("migrations are in Prisma's format", () => {
  const list = readMigrations();
  assert.match(list.lockfile.content ?? "", /provider = "postgresql"/);
  assert.ok(list.migrationDirectories.length >= 1);
  for (const directory of list.migrationDirectories) {
    assert.match(directory.path, /^\d{14}_[a-z0-9_]+$/);
    assert.equal(directory.migrationFile.content.tag, "ok");
  }
});

test("applying is idempotent; each script goes whole to the database (PL/pgSQL bodies hold `;`), on PostgreSQL as on PGlite", async () => {
  const database = await createTestDatabase();
  const { factory, close } = createAdapterFactory(databaseTarget(database.url));
  try {
    const first = await applyMigrations(factory);
    assert.deepEqual(
      first,
      readMigrations().migrationDirectories.map((d) => d.path),
    );
    assert.deepEqual(await applyMigrations(factory), []);

    // The audit chain's functions, applied whole by the runner (@prisma/adapter-pg alone splits at every `;`).
    const adapter = await factory.connect();
    const result = await adapter.queryRaw({
      sql: "SELECT proname, prosrc FROM pg_proc WHERE proname IN ('audit_entry_hash', 'audit_log_chain') ORDER BY proname",
      args: [],
      argTypes: [],
    });
    assert.deepEqual(
      result.rows.map(([name]) => name),
      ["audit_entry_hash", "audit_log_chain"],
    );
    assert.match(String(result.rows[1][1]), /pg_advisory_xact_lock\(2028028\);\s+SELECT \* INTO previous/);
    // A failing script fails the call (PGlite's adapter did not wait for it), and leaves nothing half done.
    await assert.rejects(
      wholeScripts(adapter).executeScript("CREATE TABLE half_done (id int); SELECT * FROM no_such_table;"),
    );
    const left = await adapter.queryRaw({
      sql: "SELECT count(*)::int AS n FROM pg_class WHERE relname = 'half_done'",
      args: [],
      argTypes: [],
    });
    assert.equal(left.rows[0][0], 0);
    await adapter.dispose();
  } finally {
    await close();
    await database.drop();
  }
});

test("schema.prisma and the migrations agree: a new migration would be empty", async () => {
  const shadow = createAdapterFactory(databaseTarget("pglite:memory"));
  const before = fs.readdirSync(MIGRATIONS_DIR);
  try {
    assert.equal(await createMigration(shadow.factory, "should_be_empty"), undefined);
    assert.deepEqual(fs.readdirSync(MIGRATIONS_DIR), before);
  } finally {
    await shadow.close();
  }
});

test("the closed sets become enums: rows written while they were text keep their values, and the defaults stay", async () => {
  const database = await createTestDatabase();
  const { factory, close } = createAdapterFactory(databaseTarget(database.url));
  try {
    const adapter = await factory.connect();
    const rows = (sql: string) => queryRows(adapter, sql);
    const migrations = readMigrations().migrationDirectories;
    const enums = migrations.findIndex((directory) => directory.path.endsWith("_closed_sets_as_enums"));
    assert.ok(enums > 0);
    for (const directory of migrations.slice(0, enums)) await adapter.executeScript(migrationScript(directory));

    // Every value the code wrote as text, in the columns as they were: not the values later
    // migrations append to the enums (ALTER TYPE … ADD VALUE), which never were text.
    const addedLater = new Set(
      migrations
        .slice(enums + 1)
        .flatMap((directory) =>
          [...migrationScript(directory).matchAll(/ADD VALUE '([^']+)'/g)].map((match) => match[1]),
        ),
    );
    const texts = (values: Record<string, string>) => Object.values(values).filter((value) => !addedLater.has(value));
    const list = (values: string[]) => values.map((value) => `'${value}'`).join(", ");
    await adapter.executeScript(`
      INSERT INTO customers (id, email, password_hash, source) VALUES (1, 'imported@example.org', 'hash', 'import');
      INSERT INTO customers (id, email, password_hash) VALUES (2, 'registered@example.org', 'hash');
      INSERT INTO email_tokens (token_hash, customer_id, purpose, expires_at)
        SELECT 'hash-' || purpose, 1, purpose, now() FROM unnest(ARRAY[${list(texts(TokenPurpose))}]) AS purpose;
      INSERT INTO customer_events (customer_id, type, outcome, email)
        SELECT 1, type, outcome, 'imported@example.org'
        FROM unnest(ARRAY[${list(texts(CustomerEventType))}]) AS type, unnest(ARRAY[${list(texts(EventOutcome))}]) AS outcome;
      INSERT INTO email_outbox (id, template, to_address, subject, status)
        SELECT template || '-' || status, template, 'imported@example.org', 'Subject', status
        FROM unnest(ARRAY[${list(texts(EmailTemplate))}]) AS template, unnest(ARRAY[${list(texts(OutboxStatus))}]) AS status;
      INSERT INTO email_outbox (id, template, to_address, subject) VALUES ('queued', 'verify_email', 'imported@example.org', 'Subject');
      INSERT INTO staff (email, name, password_hash, role)
        SELECT role || '@staff.example.org', role, 'hash', role FROM unnest(ARRAY[${list(texts(StaffRole))}]) AS role;
    `);
    const stored = () =>
      rows(`
        SELECT 'customers' AS "table", jsonb_agg(source ORDER BY id)::text AS "values" FROM customers
        UNION ALL SELECT 'email_tokens', jsonb_agg(purpose ORDER BY id)::text FROM email_tokens
        UNION ALL SELECT 'customer_events', jsonb_agg(type || '/' || outcome ORDER BY id)::text FROM customer_events
        UNION ALL SELECT 'email_outbox', jsonb_agg(template || '/' || status ORDER BY id)::text FROM email_outbox
        UNION ALL SELECT 'staff', jsonb_agg(role ORDER BY id)::text FROM staff`);
    const before = await stored();
    assert.deepEqual(JSON.parse(before[0].values as string), ["import", "api"]);
    assert.equal(JSON.parse(before[2].values as string).length, 7 * 3);

    await adapter.executeScript(migrationScript(migrations[enums]));

    assert.deepEqual(await stored(), before);
    assert.deepEqual(
      await rows(`
        SELECT table_name, column_name, udt_name, column_default FROM information_schema.columns
        WHERE (table_name, column_name) IN (('customers', 'source'), ('email_tokens', 'purpose'), ('customer_events', 'type'),
          ('customer_events', 'outcome'), ('email_outbox', 'template'), ('email_outbox', 'status'), ('staff', 'role'))
        ORDER BY table_name, column_name`),
      [
        { table_name: "customer_events", column_name: "outcome", udt_name: "EventOutcome", column_default: null },
        { table_name: "customer_events", column_name: "type", udt_name: "CustomerEventType", column_default: null },
        {
          table_name: "customers",
          column_name: "source",
          udt_name: "CustomerSource",
          column_default: `'api'::"CustomerSource"`,
        },
        {
          table_name: "email_outbox",
          column_name: "status",
          udt_name: "OutboxStatus",
          column_default: `'pending'::"OutboxStatus"`,
        },
        { table_name: "email_outbox", column_name: "template", udt_name: "EmailTemplate", column_default: null },
        { table_name: "email_tokens", column_name: "purpose", udt_name: "TokenPurpose", column_default: null },
        { table_name: "staff", column_name: "role", udt_name: "StaffRole", column_default: null },
      ],
    );
  } finally {
    await close();
    await database.drop();
  }
});

test("issue 24: audit actions, audited resources and rate-limit buckets become enums, every row kept as it was", async () => {
  const database = await createTestDatabase();
  const { factory, close } = createAdapterFactory(databaseTarget(database.url));
  try {
    const adapter = await factory.connect();
    const rows = (sql: string) => queryRows(adapter, sql);
    const migrations = readMigrations().migrationDirectories;
    const enums = migrations.findIndex((directory) => directory.path.endsWith("_audit_and_rate_limit_enums"));
    assert.ok(enums > 0);
    for (const directory of migrations.slice(0, enums)) await adapter.executeScript(migrationScript(directory));

    // Every value the code wrote as text: not those later migrations append (ALTER TYPE … ADD VALUE).
    const addedLater = new Set(
      migrations
        .slice(enums + 1)
        .flatMap((directory) =>
          [...migrationScript(directory).matchAll(/ADD VALUE '([^']+)'/g)].map((match) => match[1]),
        ),
    );
    const texts = (values: Record<string, string>) => Object.values(values).filter((value) => !addedLater.has(value));
    const list = (values: string[]) => values.map((value) => `'${value}'`).join(", ");
    await adapter.executeScript(`
      INSERT INTO audit_log (action, resource, resource_id)
        SELECT action, resource, action || '/' || resource
        FROM unnest(ARRAY[${list(texts(AuditAction))}]) AS action, unnest(ARRAY[${list(texts(AuditResource))}]) AS resource;
      INSERT INTO rate_limits (bucket, key, hits, counted, expires_at)
        SELECT bucket, '198.51.100.1', ARRAY[now()::timestamp(3)], true, now() + interval '1 hour'
        FROM unnest(ARRAY[${list(texts(RateLimitBucket))}]) AS bucket;
    `);
    const stored = () =>
      rows(`
        SELECT 'audit_log' AS "table", jsonb_agg(action || '/' || resource || '=' || resource_id ORDER BY id)::text AS "values" FROM audit_log
        UNION ALL SELECT 'rate_limits', jsonb_agg(bucket || '/' || key ORDER BY bucket::text)::text FROM rate_limits`);
    const before = await stored();
    assert.equal(
      JSON.parse(before[0].values as string).length,
      texts(AuditAction).length * texts(AuditResource).length,
    );
    assert.equal(JSON.parse(before[1].values as string).length, texts(RateLimitBucket).length);

    await adapter.executeScript(migrationScript(migrations[enums]));

    assert.deepEqual(await stored(), before);
    assert.deepEqual(
      await rows(`
        SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
        WHERE (table_name, column_name) IN (('audit_log', 'action'), ('audit_log', 'resource'), ('rate_limits', 'bucket'))
        ORDER BY table_name, column_name`),
      [
        { table_name: "audit_log", column_name: "action", udt_name: "AuditAction", is_nullable: "NO" },
        { table_name: "audit_log", column_name: "resource", udt_name: "AuditResource", is_nullable: "NO" },
        { table_name: "rate_limits", column_name: "bucket", udt_name: "RateLimitBucket", is_nullable: "NO" },
      ],
    );
    const [key] = await rows(`
      SELECT array_agg(a.attname::text ORDER BY a.attnum) AS columns FROM pg_index i
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = 'rate_limits'::regclass AND i.indisprimary`);
    assert.deepEqual(key.columns, ["bucket", "key"], "the counters keep their primary key");
  } finally {
    await close();
    await database.drop();
  }
});
