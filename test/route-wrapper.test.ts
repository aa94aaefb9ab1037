/** What the API's route wrapper (lib/http/build-route.ts) makes of an exception a handler did not expect. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { NextRequest } from "next/server";
import { publicRoute } from "@/lib/http/with-client";
import { captureLog } from "./support/log";

test("an unexpected exception is a bare 500 with a request id, and is logged", async () => {
  const captured = captureLog(["error"]);
  try {
    const route = publicRoute({
      GET: async () => {
        throw new Error("database password is hunter2");
      },
    });
    const response = await route.GET(new NextRequest("http://localhost/client/v1/x"), { params: Promise.resolve({}) });
    assert.equal(response.status, 500);
    const requestId = response.headers.get("x-request-id");
    assert.match(requestId!, /^[0-9a-f-]{36}$/);
    const text = await response.text();
    assert.deepEqual(JSON.parse(text), { code: 500, type: "api_error", message: "An unexpected error occurred" });
    assert.ok(!text.includes("hunter2"));
    assert.equal(captured.lines[0]?.fields.req_id, requestId, "the log line carries the request id");
    assert.equal(captured.lines.length, 1);
  } finally {
    captured.restore();
  }
});
