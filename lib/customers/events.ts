import type { Prisma } from "@/lib/generated/prisma/client";
import type { Device } from "./device";

/** What compliance sees about an account: one row per registration, login, reset, verification. */
export type CustomerEventType =
  | "register"
  | "login"
  | "login_failed"
  | "forgot_password"
  | "password_reset"
  | "email_verified"
  | "logout";

export async function recordEvent(
  tx: Prisma.TransactionClient,
  event: {
    type: CustomerEventType;
    outcome: "success" | "failure" | "rate_limited";
    email: string;
    customerId?: number | null;
    apiClientId?: number | null;
    device?: Device;
  },
): Promise<void> {
  await tx.customerEvent.create({
    data: {
      type: event.type,
      outcome: event.outcome,
      email: event.email,
      customerId: event.customerId ?? null,
      apiClientId: event.apiClientId ?? null,
      ip: event.device?.ip ?? "",
      userAgent: event.device?.userAgent ?? "",
      fingerprint: event.device?.fingerprint ?? "",
    },
  });
}
