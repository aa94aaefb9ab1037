/**
 * Retention's cutoff counts whole years as calendar years (the dashboard's Retention card shows it to
 * staff): five years before 28 November 2026 is 28 November 2021, not 5 × 365.25 days before. No server.
 */
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { reloadConfig } from "@/lib/platform/config";
import { retentionCutoff } from "@/lib/domain/retention/retention-scope";

const years = (value: string) => {
  process.env.RETENTION_YEARS = value;
  reloadConfig();
};
afterEach(() => {
  delete process.env.RETENTION_YEARS;
  reloadConfig();
});

test("whole years are calendar years, to the second", () => {
  years("5");
  assert.equal(retentionCutoff(new Date("2026-11-28T03:04:05.678Z")).toISOString(), "2021-11-28T03:04:05.678Z");
  years("1");
  assert.equal(retentionCutoff(new Date("2025-03-01T00:00:00Z")).toISOString(), "2024-03-01T00:00:00.000Z");
});

test("29 February less a year is 1 March; a fraction left over is that part of 365.25 days", () => {
  years("1");
  assert.equal(retentionCutoff(new Date("2024-02-29T12:00:00Z")).toISOString(), "2023-03-01T12:00:00.000Z");
  years("2.5");
  const cutoff = retentionCutoff(new Date("2026-11-28T00:00:00Z"));
  const halfYearMs = 0.5 * 365.25 * 24 * 60 * 60 * 1000;
  assert.equal(cutoff.toISOString(), new Date(Date.parse("2024-11-28T00:00:00Z") - halfYearMs).toISOString());
});

test("a test's seconds' worth of a year stays seconds", () => {
  years(String(10 / (365.25 * 24 * 60 * 60)));
  const now = new Date("2026-11-28T00:00:10Z");
  assert.equal(retentionCutoff(now).toISOString(), "2026-11-28T00:00:00.000Z");
});
