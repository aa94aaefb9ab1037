/** The address a request came from, through the proxies we trust (lib/http/request-address.ts). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { requestAddress } from "@/lib/http/request-address";
import { reloadConfig } from "@/lib/platform/config";

test("the request's address: X-Forwarded-For only from a trusted proxy, right-most untrusted entry, garbage stops", () => {
  const address = (peer: string, forwardedFor?: string) =>
    requestAddress(
      new Headers({
        "X-Remit-Peer-Address": peer,
        ...(forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor }),
      }),
    );
  const previous = process.env.TRUSTED_PROXIES;
  try {
    delete process.env.TRUSTED_PROXIES;
    reloadConfig();
    assert.equal(address("192.0.2.9", "198.51.100.1"), "192.0.2.9", "no trusted proxies: the peer");
    assert.equal(address("::ffff:192.0.2.9"), "192.0.2.9");
    assert.equal(
      requestAddress(new Headers({ "X-Forwarded-For": "198.51.100.1" })),
      "unknown",
      "not through our server",
    );

    process.env.TRUSTED_PROXIES = "10.0.0.0/8, 2001:db8::/32";
    reloadConfig();
    assert.equal(address("10.1.1.1", "198.51.100.1"), "198.51.100.1");
    assert.equal(address("10.1.1.1", "203.0.113.5, 198.51.100.1, 10.2.2.2"), "198.51.100.1", "past every trusted hop");
    assert.equal(address("2001:db8::7", "2001:DB8::8, 198.51.100.1"), "198.51.100.1");
    assert.equal(address("10.1.1.1", "10.2.2.2, 10.3.3.3"), "10.2.2.2", "all trusted: the left-most");
    assert.equal(address("10.1.1.1"), "10.1.1.1", "a trusted proxy that sent none: the proxy");
    assert.equal(address("10.1.1.1", `198.51.100.1, ${"x".repeat(10_000)}`), "10.1.1.1", "garbage: nothing past it");
    assert.equal(address("10.1.1.1", "fe80::1%eth0"), "10.1.1.1");
    assert.equal(address("192.0.2.9", "198.51.100.1"), "192.0.2.9", "not from a trusted proxy: ignored");
  } finally {
    if (previous === undefined) delete process.env.TRUSTED_PROXIES;
    else process.env.TRUSTED_PROXIES = previous;
    reloadConfig();
  }
});
