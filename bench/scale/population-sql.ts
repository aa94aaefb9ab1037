/**
 * The synthetic population of the scale bench as SQL (bench/scale/load-population.ts runs it): every
 * table in the proportions of issue 38's business (per customer: 20 account events, 5 audit entries,
 * 3 sessions, 5 e-mails), made with generate_series inside the database, in time order (customers
 * registered over four years, ids rising with time). Plain PostgreSQL, which PGlite runs too.
 */

/** Per customer, as issue 38 counts them at a million customers. */
export const PER_CUSTOMER = { events: 20, audit: 5, sessions: 3, emails: 5 };
/** Two customers whose pages (and linked accounts) are read with 2,000 and 20,000 events. */
export const HEAVY_CUSTOMERS = [
  { id: 2, events: 2_000 },
  { id: 3, events: 20_000 },
];
export const YEARS = 4;
export const STAFF = { admin: 3, compliance: 12, operations: 15 };
export const API_CLIENTS = 5;

/** The tables loaded in bulk, without their secondary indexes (made again after). */
const BULK_TABLES = [
  "customers",
  "customer_events",
  "customer_devices",
  "login_tokens",
  "email_tokens",
  "email_outbox",
  "webhook_deliveries",
  "webhook_attempts",
  "kyc_decisions",
  "customer_profile_changes",
];

export type PopulationOptions = {
  customers: number;
  /** An argon2id hash of the password every loaded customer and staff member has (PASSWORD in load-population.ts). */
  passwordHash: string;
};

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A deterministic number in [0, 1) from integers: what random() would give, but the same on every run. */
const unit = (...terms: string[]) =>
  `(('x' || substr(md5(${terms.join(" || '-' || ")}), 1, 8))::bit(32)::bigint / 4294967296.0)`;

/**
 * Bulk loading: `tables`' secondary indexes (not those of a primary key or unique constraint) are
 * dropped, their definitions kept in a temporary table for indexesMadeAgain, in the same session.
 */
export const indexesSetAside = (tables: string[]) => `
  CREATE TEMP TABLE scale_indexes AS
    SELECT indexname, indexdef FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename IN (${tables.map(quote).join(", ")})
      AND indexname NOT IN (SELECT conname FROM pg_constraint);
  DO $$
  DECLARE index_name text;
  BEGIN
    FOR index_name IN SELECT indexname FROM scale_indexes LOOP
      EXECUTE format('DROP INDEX %I', index_name);
    END LOOP;
  END
  $$;`;

/** The indexes indexesSetAside dropped, made again as they were. */
export const indexesMadeAgain = `
  DO $$
  DECLARE definition text;
  BEGIN
    FOR definition IN SELECT indexdef FROM scale_indexes LOOP
      EXECUTE definition;
    END LOOP;
  END
  $$;`;

/** The start of the four years, as SQL: customers register from then to now. */
const START = `(date_trunc('day', now()) - interval '${YEARS} years')`;
const SPAN = `(now() - ${START})`;

/** The steps, in order: a name (for the loader's progress) and one or more statements. */
export function populationSteps({ customers: n, passwordHash }: PopulationOptions): { name: string; sql: string }[] {
  const hash = quote(passwordHash);
  const staffCount = STAFF.admin + STAFF.compliance + STAFF.operations;
  const auditEntries = n * PER_CUSTOMER.audit;
  const heavy = HEAVY_CUSTOMERS.filter((customer) => customer.id <= n);
  const heavyCase = heavy.map((customer) => `WHEN ${customer.id} THEN ${customer.events}`).join(" ");
  // Customer i's address: unique, in eight providers' domains.
  const email = (i: string) =>
    `'c' || ${i} || '.' || substr(md5(${i}::text), 1, 6) || '@' || (ARRAY['gmail.com','yahoo.com','outlook.com','hotmail.com','icloud.com','example.co.uk','mail.de','proton.me'])[1 + ${i} % 8]`;
  return [
    {
      // Bulk loading: the big tables' secondary indexes are dropped, and made again as they were (below).
      name: "secondary indexes set aside",
      sql: indexesSetAside(BULK_TABLES),
    },
    {
      name: "staff and API clients",
      sql: `
        INSERT INTO staff (email, name, password_hash, role, active, last_login_at, created_at)
        SELECT 'staff' || s || '@remit.example.org', 'Staff Member ' || s, ${hash},
          (CASE WHEN s <= ${STAFF.admin} THEN 'admin' WHEN s <= ${STAFF.admin + STAFF.compliance} THEN 'compliance' ELSE 'operations' END)::"StaffRole",
          s % 10 <> 0, now() - s * interval '1 hour', ${START} + (s - 1) * interval '20 days'
        FROM generate_series(1, ${staffCount}) AS s;
        INSERT INTO api_clients (name, client_id, secret_hash, allowed_origins, created_at, last_used_at)
        SELECT 'Partner app ' || c, 'scale-client-' || c, encode(sha256(('scale-secret-' || c)::bytea), 'hex'),
          ARRAY['https://app' || c || '.example.com'], ${START} - interval '1 day', now()
        FROM generate_series(1, ${API_CLIENTS}) AS c;
        INSERT INTO api_client_daily_use (api_client_id, day, calls)
        SELECT c.id, d::date, 1000 + (c.id * 7919 + extract(doy FROM d)::int * 104729) % 50000
        FROM api_clients c CROSS JOIN generate_series(${START}, now(), interval '1 day') AS d
        WHERE c.client_id LIKE 'scale-client-%';`,
    },
    {
      name: `${n} customers`,
      sql: `
        CREATE TEMP TABLE scale_countries AS
          SELECT array_agg(iso_code_alpha2 ORDER BY iso_code_alpha2) AS codes FROM countries WHERE is_source;
        CREATE TEMP TABLE scale_clients AS SELECT array_agg(id ORDER BY id) AS ids FROM api_clients WHERE client_id LIKE 'scale-client-%';
        INSERT INTO customers (id, email, password_hash, email_verified_at, registered_via, source, locale,
          closed_at, closed_email, legal_hold_since, blocked_at, email_verification_url,
          given_names, family_name, date_of_birth, phone, address_line1, address_city, address_postcode,
          address_country, country_of_residence, nationality, profile_updated_at,
          kyc_status, risk_rating, pep, sanctions_hit, review_version, created_at, updated_at)
        SELECT i,
          CASE WHEN closed THEN 'closed:' || i ELSE ${email("i")} END,
          ${hash},
          CASE WHEN r_verify < 0.85 THEN created + interval '20 minutes' END,
          CASE WHEN imported THEN NULL ELSE cl.ids[1 + i % array_length(cl.ids, 1)] END,
          (CASE WHEN imported THEN 'import' ELSE 'api' END)::"CustomerSource",
          (ARRAY[NULL,'en_GB','fr_FR','es_ES','pt_PT','de_DE'])[1 + i % 6],
          CASE WHEN closed THEN created + (now() - created) * 0.9 END,
          CASE WHEN closed THEN ${email("i")} END,
          CASE WHEN r_hold < 0.001 THEN created + (now() - created) * 0.5 END,
          CASE WHEN r_hold BETWEEN 0.5 AND 0.505 THEN created + (now() - created) * 0.7 END,
          CASE WHEN NOT imported THEN 'https://app.example.com/verify/:token' END,
          CASE WHEN profiled THEN (ARRAY['Amara','Kwame','Maria','Jean','Li','Fatima','Oluwaseun','Ana','Mohammed','Sofia','Chidi','Elena','Ravi','Nadia','Tomasz','Grace'])[1 + i % 16] END,
          CASE WHEN profiled THEN (ARRAY['Okafor','Mensah','Garcia','Dubois','Wang','Khan','Adeyemi','Silva','Hassan','Rossi','Nwosu','Popescu','Patel','Haddad','Kowalski','Boateng','Smith','Müller','Novak','Costa'])[1 + (i / 16) % 20] END,
          CASE WHEN profiled THEN date '1950-01-01' + (i * 37 % 18000) END,
          CASE WHEN profiled THEN '+4477' || lpad((i % 100000000)::text, 8, '0') END,
          CASE WHEN profiled THEN (i % 300 + 1) || ' High Street' END,
          CASE WHEN profiled THEN (ARRAY['London','Manchester','Dublin','Paris','Berlin','Madrid','Rome','Amsterdam'])[1 + i % 8] END,
          CASE WHEN profiled THEN 'PC' || (i % 9999) END,
          CASE WHEN profiled THEN co.codes[1 + i % array_length(co.codes, 1)] END,
          CASE WHEN profiled THEN co.codes[1 + i % array_length(co.codes, 1)] END,
          CASE WHEN profiled THEN (ARRAY['NG','GH','PH','IN','PK','MX','PL','RO'])[1 + i % 8] END,
          CASE WHEN profiled THEN created + interval '2 days' END,
          (CASE WHEN NOT profiled THEN 'not_submitted'
                WHEN r_kyc < 0.05 THEN 'pending_review'
                WHEN r_kyc < 0.09 THEN 'rejected'
                WHEN closed AND r_kyc < 0.1 THEN 'closed_unreviewed'
                ELSE 'verified' END)::"KycStatus",
          (CASE WHEN profiled AND r_kyc >= 0.1 THEN (CASE WHEN r_risk < 0.8 THEN 'low' WHEN r_risk < 0.95 THEN 'medium' ELSE 'high' END) END)::"RiskRating",
          profiled AND r_risk >= 0.99, profiled AND r_risk >= 0.999,
          CASE WHEN profiled THEN 2 ELSE 0 END,
          created, created
        FROM (
          SELECT i, ${START} + ${SPAN} * ((i - 1)::float8 / ${n}) * 0.995 AS created,
            ${unit("i::text", "'closed'")} < 0.03 AS closed,
            ${unit("i::text", "'import'")} < 0.05 AS imported,
            ${unit("i::text", "'profile'")} < 0.6 AS profiled,
            ${unit("i::text", "'verify'")} AS r_verify,
            ${unit("i::text", "'kyc'")} AS r_kyc,
            ${unit("i::text", "'risk'")} AS r_risk,
            ${unit("i::text", "'hold'")} AS r_hold
          FROM generate_series(1, ${n}) AS i
        ) AS c, scale_countries AS co, scale_clients AS cl;
        SELECT setval(pg_get_serial_sequence('customers', 'id'), ${n});`,
    },
    {
      name: `account events (${PER_CUSTOMER.events} a customer; customers ${heavy.map((c) => `${c.id}: ${c.events}`).join(", ")})`,
      sql: `
        INSERT INTO customer_events (customer_id, type, outcome, email, api_client_id, ip, ip_reported, user_agent,
          fingerprint, changed_fields, created_at)
        SELECT c.id, kind::"CustomerEventType",
          (CASE WHEN kind IN ('login_failed') THEN 'failure' ELSE 'success' END)::"EventOutcome",
          coalesce(c.closed_email, c.email), c.registered_via,
          CASE WHEN heavy THEN '100.64.' || (k % 250) || '.' || ((k / 250) % 250)
               WHEN r < 0.85 THEN '10.' || ((c.id >> 16) & 255) || '.' || ((c.id >> 8) & 255) || '.' || (c.id & 255)
               ELSE '100.64.' || ((c.id / 20 + k % 3) % 250) || '.' || ((c.id / 5000) % 250) END,
          true,
          (ARRAY['RemitApp/5.2 (iPhone; iOS 18.1)','RemitApp/5.1 (Android 15; Pixel 8)','Mozilla/5.0 (Windows NT 10.0; Win64; x64)','RemitApp/4.9 (Android 13; SM-A145F)'])[1 + (c.id + k / 50) % 4],
          CASE WHEN heavy THEN 'fp-shared-' || (k % 500)
               WHEN r2 < 0.95 THEN 'fp-' || c.id ELSE 'fp-shared-' || (c.id / 10) % 100000 END,
          CASE WHEN kind = 'profile_updated' THEN ARRAY['address_line1','phone'] ELSE ARRAY[]::text[] END,
          at
        FROM (
          SELECT c.*, k, c.id IN (${heavy.map((customer) => customer.id).join(", ") || "0"}) AS heavy, random() AS r, random() AS r2,
            CASE WHEN k = 1 THEN 'register'
                 WHEN k = 2 AND c.email_verified_at IS NOT NULL THEN 'email_verified'
                 ELSE (ARRAY['login','login','login','login','login','login','login','login','login','login','login','login','login','login',
                   'login_failed','login_failed','logout','logout','forgot_password','password_reset','profile_updated','new_device_alert',
                   'session_revoked','locale_changed'])[1 + floor(random() * 24)::int] END AS kind,
            c.created_at + (coalesce(c.closed_at, now()) - c.created_at) * ((k - 1 + random() * 0.9) / cnt) AS at
          FROM (
            SELECT customers.*, CASE id ${heavyCase || "WHEN 0 THEN 0"} ELSE 2 + (id::bigint * 7919 % 37)::int END AS cnt FROM customers
          ) AS c CROSS JOIN LATERAL generate_series(1, c.cnt) AS k
        ) AS c
        ORDER BY at;
        INSERT INTO customer_devices (customer_id, fingerprint, first_seen_at)
        SELECT customer_id, fingerprint, min(created_at) FROM customer_events GROUP BY customer_id, fingerprint;`,
    },
    {
      name: `sessions (${PER_CUSTOMER.sessions} a customer) and e-mail tokens`,
      sql: `
        INSERT INTO login_tokens (token_hash, customer_id, api_client_id, ip, user_agent, fingerprint, created_at,
          last_used_at, expires_at, revoked_at, refresh_token_hash, refreshed_at)
        SELECT encode(sha256(('scale-access-' || id || '-' || k)::bytea), 'hex'), id, registered_via,
          '10.' || ((id >> 16) & 255) || '.' || ((id >> 8) & 255) || '.' || (id & 255), 'RemitApp/5.2 (iPhone; iOS 18.1)',
          'fp-' || id, at, at + interval '10 minutes', at + interval '15 minutes',
          CASE WHEN k < ${PER_CUSTOMER.sessions} THEN at + interval '1 day' END,
          encode(sha256(('scale-refresh-' || id || '-' || k)::bytea), 'hex'), at + interval '5 minutes'
        FROM (
          SELECT c.id, c.registered_via, k,
            c.created_at + (coalesce(c.closed_at, now()) - c.created_at) * ((k - 1 + random()) / ${PER_CUSTOMER.sessions}) AS at
          FROM customers c CROSS JOIN generate_series(1, ${PER_CUSTOMER.sessions}) AS k
        ) AS s
        ORDER BY at;
        INSERT INTO email_tokens (token_hash, purpose, customer_id, created_at, expires_at, used_at, security_version)
        SELECT encode(sha256(('scale-email-token-' || id)::bytea), 'hex'), 'verify_email', id, created_at,
          created_at + interval '24 hours', email_verified_at, 0
        FROM customers ORDER BY id;`,
    },
    {
      name: `e-mails (${PER_CUSTOMER.emails} a customer)`,
      sql: `
        INSERT INTO email_outbox (id, template, to_address, subject, html, text, status, attempts, next_attempt_at,
          last_error, provider_id, created_at, sent_at)
        SELECT md5('scale-mail-' || id || '-' || k)::uuid, template::"EmailTemplate", address,
          CASE template WHEN 'verify_email' THEN 'Confirm your e-mail address' WHEN 'new_device' THEN 'A new device signed in'
            WHEN 'reset_password' THEN 'Reset your password' WHEN 'password_changed' THEN 'Your password was changed'
            ELSE 'Your identity is verified' END,
          CASE WHEN status <> 'sent' THEN '<p>Hello</p>' END, CASE WHEN status <> 'sent' THEN 'Hello' END,
          status::"OutboxStatus", CASE status WHEN 'failed' THEN 8 WHEN 'sent' THEN 1 ELSE 0 END, at,
          CASE WHEN status = 'failed' THEN 'mailbox unavailable' END,
          CASE WHEN status = 'sent' THEN 're_' || md5(id || '-' || k) END,
          at, CASE WHEN status = 'sent' THEN at + interval '2 seconds' END
        FROM (
          SELECT c.id, k, coalesce(c.closed_email, c.email) AS address,
            (ARRAY['verify_email','new_device','reset_password','password_changed','kyc_verified'])[k] AS template,
            CASE WHEN c.id > ${n} - greatest(${n} / 1000, 1) AND k = ${PER_CUSTOMER.emails} THEN 'pending'
                 WHEN random() < 0.005 THEN 'failed' ELSE 'sent' END AS status,
            c.created_at + (now() - c.created_at) * ((k - 1 + random() * 0.9) / ${PER_CUSTOMER.emails}) AS at
          FROM customers c CROSS JOIN generate_series(1, ${PER_CUSTOMER.emails}) AS k
        ) AS m
        ORDER BY at;`,
    },
    {
      name: "KYC decisions and profile changes",
      sql: `
        CREATE TEMP TABLE scale_compliance AS
          SELECT array_agg(id ORDER BY id) AS ids FROM staff WHERE role = 'compliance' AND email LIKE 'staff%@remit.example.org';
        INSERT INTO customer_profile_changes (customer_id, before, after, kyc_reset, created_at)
        SELECT id, '{"address_line1":null,"phone":null}'::jsonb,
          jsonb_build_object('address_line1', address_line1, 'phone', phone), false, profile_updated_at
        FROM customers WHERE profile_updated_at IS NOT NULL ORDER BY profile_updated_at;
        INSERT INTO kyc_decisions (customer_id, staff_id, kind, kyc_status, risk_rating, pep, sanctions_hit, reason, created_at)
        SELECT c.id, s.ids[1 + c.id % array_length(s.ids, 1)], d.kind::"KycDecisionKind",
          CASE WHEN d.kind = 'status' THEN c.kyc_status END, CASE WHEN d.kind = 'risk' THEN c.risk_rating END,
          CASE WHEN d.kind = 'risk' THEN c.pep END, CASE WHEN d.kind = 'risk' THEN c.sanctions_hit END,
          'Documents checked against the application', c.profile_updated_at + d.after
        FROM customers c CROSS JOIN scale_compliance s
          CROSS JOIN (VALUES ('status', interval '1 day'), ('risk', interval '1 day 1 minute')) AS d(kind, after)
        WHERE c.kyc_status IN ('verified', 'rejected') AND (d.kind = 'status' OR c.risk_rating IS NOT NULL)
        ORDER BY c.profile_updated_at + d.after;`,
    },
    {
      name: "webhook endpoints, deliveries and attempts",
      sql: `
        INSERT INTO webhook_endpoints (api_client_id, url, events, secret_box, enabled, created_at, updated_at)
        SELECT id, 'https://hooks' || id || '.example.com/remit',
          ARRAY['customer_registered','customer_email_verified','customer_kyc_status_changed']::"WebhookEventType"[],
          'not-a-sealed-secret', false, created_at, created_at
        FROM api_clients WHERE client_id LIKE 'scale-client-%' ORDER BY id;
        INSERT INTO webhook_deliveries (id, endpoint_id, event, data, customer_id, status, attempts, next_attempt_at, created_at, delivered_at)
        SELECT md5('scale-delivery-' || c.id)::uuid, e.id, 'customer_registered',
          jsonb_build_object('customer_id', c.id, 'source', c.source), c.id, 'delivered', 1, c.created_at, c.created_at,
          c.created_at + interval '1 second'
        FROM customers c JOIN webhook_endpoints e ON e.api_client_id = c.registered_via ORDER BY c.id;
        INSERT INTO webhook_attempts (delivery_id, attempted_at, outcome, status_code, duration_ms, response)
        SELECT id, created_at + interval '1 second', 'success', 200, 120, 'ok' FROM webhook_deliveries ORDER BY created_at;`,
    },
    {
      name: `audit log (${auditEntries} entries, chained)`,
      sql: auditSql(n, auditEntries),
    },
    {
      name: "secondary indexes made again",
      sql: indexesMadeAgain,
    },
    {
      name: "sequences",
      sql: `
        SELECT setval(pg_get_serial_sequence('audit_log', 'id'), (SELECT max(id) FROM audit_log));`,
    },
    {
      // As autovacuum leaves a database at rest: hint bits set and the visibility map made (so the first
      // reads measured write nothing, and index-only scans are possible), statistics for the planner.
      // A statement of its own: VACUUM cannot run in the transaction a multi-statement query is.
      name: "vacuum and statistics",
      sql: "VACUUM (ANALYZE)",
    },
  ];
}

/**
 * The audit log: the entries made in a staging table of audit_log's shape (so every value is as
 * the table stores it: times to the millisecond, jsonb normalised), then chained one by one in id
 * order with the database's own audit_entry_hash, as the trigger audit_log_chain would, and
 * inserted with their hash (the trigger, off meanwhile, would only re-read each). So `audit verify`
 * recomputes exactly these hashes. Staff sign-ins, KYC and risk decisions, blocks, customers' own
 * exports, staff exports and reference-data changes, uniformly over the four years.
 */
function auditSql(n: number, entries: number): string {
  return `
    CREATE TEMP TABLE scale_staff AS
      SELECT array_agg(id ORDER BY id) AS ids, array_agg(email ORDER BY id) AS emails FROM staff
      WHERE email LIKE 'staff%@remit.example.org';
    CREATE TEMP TABLE scale_audit (LIKE audit_log);
    INSERT INTO scale_audit (id, staff_id, actor, action, resource, resource_id, before, after, created_at, email, ip, user_agent, outcome)
    SELECT base.id + j,
      CASE WHEN kind <> 'export_data' THEN st.ids[1 + j % array_length(st.ids, 1)] END,
      (CASE WHEN kind = 'export_data' THEN 'customer' ELSE 'staff' END)::"AuditActor",
      (CASE kind WHEN 'sign_in' THEN 'sign_in' WHEN 'kyc' THEN 'kyc_decision' WHEN 'risk' THEN 'risk_decision'
         WHEN 'block' THEN 'block' WHEN 'export_data' THEN 'export_data' WHEN 'export' THEN 'export'
         ELSE 'update' END)::"AuditAction",
      (CASE kind WHEN 'sign_in' THEN 'staff' WHEN 'export' THEN 'customers' WHEN 'reference' THEN 'countries'
         ELSE 'customers' END)::"AuditResource",
      CASE kind WHEN 'sign_in' THEN st.ids[1 + j % array_length(st.ids, 1)]::text WHEN 'export' THEN 'export'
         WHEN 'reference' THEN (1 + j % 40)::text ELSE customer::text END,
      CASE kind WHEN 'kyc' THEN '{"kyc_status":"pending_review"}'::jsonb WHEN 'risk' THEN '{"risk_rating":null,"pep":false}'::jsonb
         WHEN 'block' THEN '{"status":"active"}'::jsonb WHEN 'reference' THEN '{"enabled":false}'::jsonb END,
      CASE kind WHEN 'kyc' THEN '{"kyc_status":"verified"}'::jsonb WHEN 'risk' THEN '{"risk_rating":"low","pep":false}'::jsonb
         WHEN 'block' THEN '{"status":"blocked"}'::jsonb WHEN 'reference' THEN '{"enabled":true}'::jsonb
         WHEN 'export_data' THEN jsonb_build_object('by', 'customer', 'client_id', 'scale-client-' || (1 + j % 5))
         WHEN 'export' THEN jsonb_build_object('by', 'staff', 'rows', 100 + j % 5000, 'filter', '{"kyc_status":"pending_review"}'::jsonb) END,
      at,
      CASE WHEN kind = 'sign_in' THEN st.emails[1 + j % array_length(st.emails, 1)] END,
      CASE WHEN kind = 'sign_in' THEN '192.0.2.' || (j % 200) END,
      CASE WHEN kind = 'sign_in' THEN 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)' END,
      (CASE WHEN kind = 'sign_in' THEN (CASE WHEN j % 17 = 0 THEN 'wrong_credentials' ELSE 'success' END) END)::"SignInOutcome"
    FROM (
      SELECT j, ${START} + ${SPAN} * ((j - 1)::float8 / ${entries}) * 0.995 AS at,
        -- A customer registered by then.
        greatest(1, floor(${n} * ((j - 1)::float8 / ${entries}) * random()))::int AS customer,
        (ARRAY['sign_in','sign_in','sign_in','sign_in','kyc','kyc','risk','block','export_data','export_data','export','reference'])[1 + j % 12] AS kind
      FROM generate_series(1, ${entries}) AS j
    ) AS a, scale_staff AS st, (SELECT coalesce(max(id), 0) AS id FROM audit_log) AS base;
    ALTER TABLE audit_log DISABLE TRIGGER audit_log_chain;
    DO $$
    DECLARE
      entry audit_log;
      previous text;
      pos integer;
    BEGIN
      SELECT hash, chain_position INTO previous, pos FROM audit_log
        WHERE chain_position IS NOT NULL ORDER BY chain_position DESC LIMIT 1;
      pos := coalesce(pos, 0);
      FOR entry IN SELECT * FROM scale_audit ORDER BY id LOOP
        pos := pos + 1;
        entry.chain_position := pos;
        entry.prev_hash := previous;
        entry.hash := audit_entry_hash(entry);
        INSERT INTO audit_log SELECT entry.*;
        previous := entry.hash;
      END LOOP;
    END
    $$;
    ALTER TABLE audit_log ENABLE TRIGGER audit_log_chain;
    DROP TABLE scale_audit;`;
}
