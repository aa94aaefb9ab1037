/** The masked e-mail addresses shown in place of the real ones (lib/domain/email/mask-email.ts). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { maskEmail } from "@/lib/domain/email/mask-email";

test("masked e-mail addresses", () => {
  assert.equal(maskEmail("anything@example.org"), "an******@example.org");
  assert.equal(maskEmail("andrea.smith@example.org"), "an**********@example.org");
  assert.equal(maskEmail("abc@example.org"), "ab*@example.org");
  assert.equal(maskEmail("ab@example.org"), "a*@example.org");
  assert.equal(maskEmail("a@example.org"), "a@example.org");
});
