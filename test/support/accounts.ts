import assert from "node:assert/strict";
import { db } from "@/lib/platform/db";
import { openedBody } from "@/lib/domain/email/outbox-token-box";
import type { EmailOutbox } from "@/lib/generated/prisma/client";
import type { CustomerEventType } from "@/lib/generated/prisma/enums";
import type { TestApp } from "./app";

export const DEVICE = {
  "X-Client-IP": "203.0.113.7",
  "X-Client-UA": "TestApp/1.0 (iPhone)",
  "X-Client-Fingerprint": "fp-123",
};
export const VERIFY_URL = "https://app.example.com/verify/:token";
export const RESET_URL = "https://app.example.com/reset?token=:token";

let counter = 0;
export function uniqueEmail(prefix = "customer"): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}@example.org`;
}

export function register(
  app: TestApp,
  email: string,
  password = "correct horse battery",
  headers: Record<string, string> = DEVICE,
) {
  return app.request("/client/v1/register", {
    method: "POST",
    headers,
    form: { email, password, confirm_password: password, email_verification_url: VERIFY_URL },
  });
}

export function login(app: TestApp, email: string, password: string, headers: Record<string, string> = DEVICE) {
  return app.request("/client/v1/login", { method: "POST", headers, form: { email, password } });
}

export async function registeredCustomer(
  app: TestApp,
  password = "correct horse battery",
  headers: Record<string, string> = DEVICE,
) {
  const email = uniqueEmail();
  const response = await register(app, email, password, headers);
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const { token, refresh_token } = await response.json();
  return { email, password, token: token as string, refreshToken: refresh_token as string };
}

/** The plain text of a waiting e-mail as the customer will get it: its sealed token put back in its link. */
export function sentText(email: EmailOutbox): string | null {
  return openedBody(email)?.text ?? null;
}

/** The token in the newest e-mail of this kind to this address, read from the outbox (a change_email link on VERIFY_URL). */
export async function tokenFromLatestEmail(
  to: string,
  template: "verify_email" | "reset_password" | "change_email",
): Promise<string> {
  const email = await db().emailOutbox.findFirst({
    where: { toAddress: to, template },
    orderBy: { createdAt: "desc" },
  });
  const text = email && sentText(email);
  if (!text) throw new Error(`no ${template} e-mail with a body for ${to}`);
  const prefix =
    template === "reset_password" ? "https://app.example.com/reset?token=" : "https://app.example.com/verify/";
  const start = text.indexOf(prefix);
  if (start < 0) throw new Error(`no link in the ${template} e-mail: ${text}`);
  return decodeURIComponent(/^[A-Za-z0-9_\-%]+/.exec(text.slice(start + prefix.length))![0]);
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** The one event of `type` for `email`: a success, recorded with the device of DEVICE. */
export async function assertSuccessWithDevice(email: string, type: CustomerEventType): Promise<void> {
  const [event] = await db().customerEvent.findMany({ where: { email, type } });
  assert.equal(event.outcome, "success");
  assert.equal(event.ip, DEVICE["X-Client-IP"]);
  assert.equal(event.userAgent, DEVICE["X-Client-UA"]);
  assert.equal(event.fingerprint, DEVICE["X-Client-Fingerprint"]);
}
