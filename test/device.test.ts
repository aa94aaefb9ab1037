/** The device a customer request comes from, as the app's backend describes it (lib/http/read-device.ts). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { readDevice } from "@/lib/http/read-device";
import type { DomainError } from "@/lib/platform/errors/domain-error";
import { toApiError } from "@/lib/http/errors";

test("the device: X-Client-IP when given (in its canonical spelling), else the address the request came from", () => {
  const device = readDevice(
    new Request("http://localhost/", {
      headers: { "X-Client-UA": "App/2", "X-Remit-Peer-Address": "192.0.2.9", "X-Forwarded-For": "198.51.100.1" },
    }),
  );
  assert.deepEqual(device, { ip: "192.0.2.9", ipReported: false, userAgent: "App/2", fingerprint: "" });
  const reported = readDevice(new Request("http://localhost/", { headers: { "X-Client-IP": "198.51.100.7" } }));
  assert.deepEqual([reported.ip, reported.ipReported], ["198.51.100.7", true], "the customer's, as reported");
  const claimed = (ip: string) => readDevice(new Request("http://localhost/", { headers: { "X-Client-IP": ip } })).ip;
  assert.equal(claimed("2001:DB8:0:0::1"), "2001:db8::1");
  assert.equal(claimed("::ffff:192.0.2.1"), "192.0.2.1");
  for (const bad of [
    "localhost",
    "fe80::1%eth0",
    `fe80::1%${"a".repeat(10_000)}`,
    "[::1]",
    "192.0.2.1:80",
    "01.2.3.4",
    "1".repeat(46),
  ]) {
    assert.throws(
      () => claimed(bad),
      (error: DomainError) =>
        toApiError(error).status === 400 && toApiError(error).fieldErrors?.[0].param === "X-Client-IP",
      bad,
    );
  }
});
