/** Settings from the environment that stop the start when they are wrong (lib/platform/config/index.ts). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError, reloadConfig } from "@/lib/platform/config";

test("TRUSTED_PROXIES must be networks: a bad one stops the start, naming it", () => {
  const previous = process.env.TRUSTED_PROXIES;
  try {
    for (const bad of ["10.0.0.0/33", "proxy.internal", "fe80::1%eth0", "10.0.0.0/8/8"]) {
      process.env.TRUSTED_PROXIES = `192.0.2.1, ${bad}`;
      assert.throws(
        () => reloadConfig(),
        (error: Error) => error instanceof ConfigError && error.message.includes("TRUSTED_PROXIES"),
        bad,
      );
    }
  } finally {
    if (previous === undefined) delete process.env.TRUSTED_PROXIES;
    else process.env.TRUSTED_PROXIES = previous;
    reloadConfig();
  }
});

test("DIRECT_DATABASE_URL must be a PostgreSQL URL, beside a DATABASE_URL on PostgreSQL", () => {
  const previous = { DATABASE_URL: process.env.DATABASE_URL, DIRECT_DATABASE_URL: process.env.DIRECT_DATABASE_URL };
  const configure = (DATABASE_URL: string | undefined, DIRECT_DATABASE_URL: string | undefined) => {
    for (const [name, value] of Object.entries({ DATABASE_URL, DIRECT_DATABASE_URL })) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    return reloadConfig();
  };
  const refused = (error: Error) => error instanceof ConfigError && error.message.includes("DIRECT_DATABASE_URL");
  try {
    const pooled = "postgresql://app@pgbouncer:6432/remit";
    assert.equal(
      configure(pooled, "postgresql://app@db:5432/remit").DIRECT_DATABASE_URL,
      "postgresql://app@db:5432/remit",
    );
    assert.equal(configure(pooled, " ").DIRECT_DATABASE_URL, undefined, "empty is unset");
    assert.throws(() => configure(pooled, "pglite:memory"), refused);
    assert.throws(() => configure(pooled, "mysql://db/remit"), refused);
    assert.throws(
      () => configure(undefined, "postgresql://app@db:5432/remit"),
      refused,
      "beside the embedded database",
    );
    assert.throws(() => configure("pglite:memory", "postgresql://app@db:5432/remit"), refused);
  } finally {
    configure(previous.DATABASE_URL, previous.DIRECT_DATABASE_URL);
  }
});

test("LOG_LEVEL and LOG_FORMAT take only their names: anything else stops the start, naming it", () => {
  const previous = { LOG_LEVEL: process.env.LOG_LEVEL, LOG_FORMAT: process.env.LOG_FORMAT };
  const restore = () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  try {
    for (const [name, bad] of [
      ["LOG_LEVEL", "verbose"],
      ["LOG_LEVEL", "INFO"],
      ["LOG_LEVEL", "x".repeat(10_000)],
      ["LOG_FORMAT", "text"],
    ] as const) {
      restore();
      process.env[name] = bad;
      assert.throws(
        () => reloadConfig(),
        (error: Error) => error instanceof ConfigError && error.message.includes(name),
        `${name}=${bad.slice(0, 20)}`,
      );
    }
    Object.assign(process.env, { LOG_LEVEL: "debug", LOG_FORMAT: "pretty" });
    assert.deepEqual(
      { level: reloadConfig().LOG_LEVEL, format: reloadConfig().LOG_FORMAT },
      { level: "debug", format: "pretty" },
    );
  } finally {
    restore();
    reloadConfig();
  }
});

test('FAST_PATH is "true" (the default) or "false"; anything else stops the start, naming it', () => {
  const previous = process.env.FAST_PATH;
  try {
    delete process.env.FAST_PATH;
    assert.equal(reloadConfig().FAST_PATH, true);
    process.env.FAST_PATH = "false";
    assert.equal(reloadConfig().FAST_PATH, false);
    for (const bad of ["0", "off", "FALSE", "", " true"]) {
      process.env.FAST_PATH = bad;
      assert.throws(
        () => reloadConfig(),
        (error: Error) => error instanceof ConfigError && error.message.includes("FAST_PATH"),
        JSON.stringify(bad),
      );
    }
  } finally {
    if (previous === undefined) delete process.env.FAST_PATH;
    else process.env.FAST_PATH = previous;
    reloadConfig();
  }
});

test("OTEL_EXPORTER_OTLP_ENDPOINT is an http(s) URL or unset (no tracing); OTEL_SERVICE_NAME a short name", () => {
  const previous = {
    OTEL_EXPORTER_OTLP_ENDPOINT: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
    OTEL_SERVICE_NAME: process.env.OTEL_SERVICE_NAME,
  };
  try {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_SERVICE_NAME;
    assert.equal(reloadConfig().OTEL_EXPORTER_OTLP_ENDPOINT, undefined);
    assert.equal(reloadConfig().OTEL_SERVICE_NAME, "remit-accounts");
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = "";
    assert.equal(reloadConfig().OTEL_EXPORTER_OTLP_ENDPOINT, undefined, "empty is unset");
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = "http://collector:4318";
    assert.equal(reloadConfig().OTEL_EXPORTER_OTLP_ENDPOINT, "http://collector:4318");
    for (const bad of [
      "collector:4318",
      "ftp://collector",
      "http://collector\u0007:4318",
      "http://a b",
      "grpc://c:4317",
    ]) {
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = bad;
      assert.throws(
        () => reloadConfig(),
        (error: Error) => error instanceof ConfigError && error.message.includes("OTEL_EXPORTER_OTLP_ENDPOINT"),
        JSON.stringify(bad),
      );
    }
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    for (const bad of ["x".repeat(101), "remit\naccounts"]) {
      process.env.OTEL_SERVICE_NAME = bad;
      assert.throws(
        () => reloadConfig(),
        (error: Error) => error instanceof ConfigError && error.message.includes("OTEL_SERVICE_NAME"),
        JSON.stringify(bad),
      );
    }
  } finally {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    reloadConfig();
  }
});
