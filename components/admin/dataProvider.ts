/**
 * ra-data-simple-rest on /api/admin, plus the few actions that are not CRUD. The API answers
 * validation failures as `errors: [{ param, message }]`; react-admin's forms want
 * `errors: { field: message }` (and `root.serverError` for what belongs to no field); the problems of
 * a list's entries ("allowed_origins.1") are the list input's, together.
 * Every write says it is JSON, even one without a body (ra-data-simple-rest sends a DELETE as
 * text/plain): the API refuses any other write, as a form on another site could send those.
 */
import simpleRestProvider from "ra-data-simple-rest";
import { fetchUtils, HttpError, type Identifier } from "react-admin";
import type { Dashboard } from "@/lib/domain/dashboard/read-dashboard";
import type { CustomerAuthorisations } from "@/lib/domain/payment-authorisations/list-payment-authorisations";
import type { PasskeyRecord } from "@/lib/domain/passkeys/passkey-record";
import type { StaffStepUp } from "@/lib/domain/staff/step-up-staff";
import type { LinkedCustomer } from "@/lib/domain/customer-compliance/linked-customers";
import type { LegalHoldInput, LegalHoldState } from "@/lib/domain/customer-compliance/set-legal-hold";
import type { ReviewView } from "@/lib/domain/customer-compliance/kyc-review";
import type { AuditChainState } from "@/lib/domain/audit/verify-audit-chain";
import type { DispatchState } from "@/lib/domain/dispatch/read-dispatch";
import type { PublicEndpoint } from "@/lib/domain/webhooks/webhook-endpoint-record";
import type { toDeliveryRecord } from "@/lib/domain/webhooks/list-webhook-deliveries";
import type { ScreeningRunRecord } from "@/lib/domain/screening/list-screening-runs";
import type { ImportedList } from "@/lib/domain/screening/import-screening-list";

export type WebhookEndpoint = PublicEndpoint;
export type WebhookDelivery = ReturnType<typeof toDeliveryRecord>;
type EndpointInput = { url?: string; events?: string[]; enabled?: boolean };

const API = "/api/admin";

/** A list page's X-Total-Estimate (lib/http/respond.ts, listPage), by the page's rows: getList hands it on as meta. */
const totalEstimates = new WeakMap<object, string>();

async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: "application/json" });
  if (options.method && options.method !== "GET") headers.set("Content-Type", "application/json");
  try {
    const answer = await fetchUtils.fetchJson(url, { ...options, headers });
    const estimate = answer.headers.get("x-total-estimate");
    if (estimate && typeof answer.json === "object" && answer.json !== null) totalEstimates.set(answer.json, estimate);
    return answer;
  } catch (error) {
    if (error instanceof HttpError && Array.isArray(error.body?.errors)) {
      const errors: Record<string, unknown> = {};
      for (const { param, message } of error.body.errors as { param: string; message: string }[]) {
        const field = param.replace(/\.\d+$/, "");
        if (param === "body") errors.root = { serverError: message };
        else errors[field] = errors[field] ? `${errors[field]}; ${message}` : message;
      }
      throw new HttpError(error.message, error.status, { ...error.body, errors });
    }
    throw error;
  }
}

const post = async (path: string, body?: unknown) =>
  (await httpClient(`${API}${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) }))
    .json;

/** How far along a download is: its lines so far, and the rows the server said it holds (`Export-Rows`), if it did. */
export type DownloadProgress = { lines: number; rows: number | null };

const LINE_FEED = 10;

/**
 * An export: a POST (it is recorded, so a write, never a link another site could make the browser
 * follow) answered with a file, read as it arrives (its lines counted for `onProgress`, its bytes
 * kept as they came); the file, the name the server gives it and its type, for saveFile.
 */
async function postForFile(
  path: string,
  body: unknown,
  fallbackName: string,
  onProgress: (progress: DownloadProgress) => void = () => {},
) {
  const response = await fetch(`${API}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  if (!response.ok || !response.body) {
    const error = await response.json().catch(() => ({}));
    throw new HttpError(error.message ?? response.statusText, response.status, error);
  }
  const announced = response.headers.get("export-rows");
  const rows = announced === null ? null : Number(announced);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let lines = 0;
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    parts.push(next.value);
    for (const byte of next.value) if (byte === LINE_FEED) lines++;
    onProgress({ lines, rows });
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  return { body: parts, filename, type: response.headers.get("content-type") ?? "application/octet-stream" };
}

/** The compliance actions on a customer, each with the reason the audit log keeps. */
export type CustomerAction = "block" | "unblock" | "revoke-sessions" | "resend-verification" | "reset-mfa";

const simpleRest = simpleRestProvider(API, httpClient);

export const dataProvider = {
  ...simpleRest,
  /** ra-data-simple-rest's, with a total counted only so far in meta.totalEstimate ("about 1000000"): ListPagination shows it. */
  getList: async (...args: Parameters<typeof simpleRest.getList>) => {
    const page = await simpleRest.getList(...args);
    const estimate = totalEstimates.get(page.data);
    return estimate === undefined ? page : { ...page, meta: { ...page.meta, totalEstimate: estimate } };
  },
  dashboard: async (): Promise<Dashboard> => (await httpClient(`${API}/dashboard`)).json,
  /** Whether e-mails and webhooks go out, or wait for `dispatch resume` (lib/domain/dispatch/read-dispatch.ts). */
  dispatch: async (): Promise<DispatchState> => (await httpClient(`${API}/dashboard/dispatch`)).json,
  /** The audit log's hash chain, checked as it is asked for (lib/domain/audit/verify-audit-chain.ts). */
  auditChain: async (): Promise<AuditChainState> => (await httpClient(`${API}/audit-log/chain`)).json,
  rotateClientSecret: (id: Identifier) => post(`/clients/${encodeURIComponent(id)}/rotate`),
  revokeClient: (id: Identifier) => post(`/clients/${encodeURIComponent(id)}/revoke`),
  resendEmail: (id: Identifier) => post(`/outbox/${encodeURIComponent(id)}/retry`),
  customerAction: (id: Identifier, action: CustomerAction, reason: string) =>
    post(`/customers/${encodeURIComponent(id)}/${action}`, { reason }),
  /**
   * A KYC review decision (lib/domain/customer-compliance/decide-customer-kyc.ts, rate-customer-risk.ts)
   * on the profile and review the page showed (`ReviewView`: a 409 when they changed since); answers the customer.
   */
  decideKyc: (id: Identifier, input: { status: string; reason: string } & ReviewView) =>
    post(`/customers/${encodeURIComponent(id)}/kyc`, input),
  rateRisk: (
    id: Identifier,
    input: { risk_rating: string; pep: boolean; sanctions_hit: boolean; reason: string } & ReviewView,
  ) => post(`/customers/${encodeURIComponent(id)}/risk`, input),
  /** A possible screening match decided (lib/domain/screening/decide-screening-match.ts): a 409 when decided meanwhile. */
  decideScreeningMatch: (id: Identifier, decision: "true_match" | "false_positive", reason: string) =>
    post(`/screening/matches/${encodeURIComponent(id)}`, { decision, reason }),
  /** A list's next version (lib/domain/screening/import-screening-list.ts): `body` is the upload's JSON (listUpload.ts). */
  importScreeningList: async (body: Blob): Promise<ImportedList> =>
    (await httpClient(`${API}/screening/lists/import`, { method: "POST", body })).json,
  /** The re-screens after list changes, newest first, with their progress. */
  screeningRuns: async (): Promise<ScreeningRunRecord[]> => (await httpClient(`${API}/screening/runs`)).json,
  /** Sets or lifts a customer's legal hold (lib/domain/customer-compliance/set-legal-hold.ts). */
  setLegalHold: (id: Identifier, input: LegalHoldInput): Promise<LegalHoldState> =>
    post(`/customers/${encodeURIComponent(id)}/legal-hold`, input),
  /** A customer's subject-access export, audited with the reason: the JSON file's text and the name the server gives it. */
  exportCustomerData: (id: Identifier, reason: string) =>
    postForFile(`/customers/${encodeURIComponent(id)}/export`, { reason }, `customer-${id}.json`),
  /** The audit log's export for a range of days (admins), audited too, streamed: `onProgress` as it arrives. */
  exportAuditLog: (
    input: { format: string; from: string; to: string },
    onProgress?: (progress: DownloadProgress) => void,
  ) => postForFile("/audit-log/export", input, `audit-log.${input.format}`, onProgress),
  /** The customers the list's filter selects, as CSV (audited), streamed: `onProgress` as it arrives. */
  exportCustomers: (filter: Record<string, unknown>, onProgress?: (progress: DownloadProgress) => void) =>
    postForFile("/customers/export", { filter }, "customers.csv", onProgress),
  linkedCustomers: async (id: Identifier): Promise<LinkedCustomer[]> =>
    (await httpClient(`${API}/customers/${encodeURIComponent(id)}/linked`)).json,
  /** A customer's passkeys (never their keys), and one removed with the reason the audit log keeps. */
  customerPasskeys: async (id: Identifier): Promise<PasskeyRecord[]> =>
    (await httpClient(`${API}/customers/${encodeURIComponent(id)}/passkeys`)).json,
  removeCustomerPasskey: (id: Identifier, passkeyId: number, reason: string) =>
    post(`/customers/${encodeURIComponent(id)}/passkeys/${passkeyId}/remove`, { reason }),
  customerAuthorisations: async (id: Identifier): Promise<CustomerAuthorisations> =>
    (await httpClient(`${API}/customers/${encodeURIComponent(id)}/authorisations`)).json,
  liftScaLock: (id: Identifier, reason: string): Promise<CustomerAuthorisations> =>
    post(`/customers/${encodeURIComponent(id)}/authorisations/lift-lock`, { reason }),
  /**
   * The signed-in member's own two-factor: start (or restart) enrolment, then confirm it with a code.
   * Over a confirmed two-factor, starting again needs the current password.
   */
  startTwoFactor: (currentPassword?: string): Promise<{ secret: string; otpauth_url: string }> =>
    post("/me/mfa/totp", currentPassword === undefined ? {} : { current_password: currentPassword }),
  confirmTwoFactor: (code: string): Promise<{ recovery_codes: string[] }> => post("/me/mfa/totp/confirm", { code }),
  resetTwoFactor: async (id: Identifier) =>
    (await httpClient(`${API}/staff/${encodeURIComponent(id)}/mfa`, { method: "DELETE" })).json,
  resetStaffPassword: (id: Identifier): Promise<{ password: string }> =>
    post(`/staff/${encodeURIComponent(id)}/password`),
  signOutStaffEverywhere: (id: Identifier) => post(`/staff/${encodeURIComponent(id)}/revoke-sessions`),
  changeOwnPassword: (input: { current_password: string; password: string }) => post("/me/password", input),
  /**
   * The signed-in member's own passkeys (issue 39): listed, added (options after the step-up, then
   * the new credential), renamed, removed (the step-up again).
   */
  ownPasskeys: async (): Promise<PasskeyRecord[]> => (await httpClient(`${API}/me/passkeys`)).json,
  startOwnPasskey: (input: StaffStepUp): Promise<{ challenge_id: string; options: unknown }> =>
    post("/me/passkeys/registration/options", input),
  finishOwnPasskey: (input: { challenge_id: string; credential: unknown; name?: string }): Promise<PasskeyRecord> =>
    post("/me/passkeys/registration/verify", input),
  renameOwnPasskey: (id: number, name: string): Promise<PasskeyRecord> => post(`/me/passkeys/${id}`, { name }),
  removeOwnPasskey: (id: number, input: StaffStepUp) => post(`/me/passkeys/${id}/remove`, input),
  /** An API client's webhook endpoints (issue 27); a new or rotated secret is in that answer only. */
  webhooks: async (clientId: Identifier): Promise<{ endpoints: WebhookEndpoint[]; privateTargetsAllowed: boolean }> => {
    const { json, headers } = await httpClient(`${API}/clients/${encodeURIComponent(clientId)}/webhooks`);
    return { endpoints: json, privateTargetsAllowed: headers.get("webhook-targets") === "any" };
  },
  createWebhook: (clientId: Identifier, input: EndpointInput): Promise<WebhookEndpoint & { secret: string }> =>
    post(`/clients/${encodeURIComponent(clientId)}/webhooks`, input),
  updateWebhook: async (clientId: Identifier, id: number, input: EndpointInput): Promise<WebhookEndpoint> =>
    (await httpClient(webhookPath(clientId, id), { method: "PUT", body: JSON.stringify(input) })).json,
  deleteWebhook: async (clientId: Identifier, id: number) =>
    (await httpClient(webhookPath(clientId, id), { method: "DELETE" })).json,
  rotateWebhookSecret: (clientId: Identifier, id: number): Promise<WebhookEndpoint & { secret: string }> =>
    post(`${webhookPath(clientId, id, "")}/rotate`),
  testWebhook: (clientId: Identifier, id: number) => post(`${webhookPath(clientId, id, "")}/test`),
  webhookDeliveries: async (
    clientId: Identifier,
    id: number,
    filter: Record<string, string>,
  ): Promise<{ rows: WebhookDelivery[]; total: number }> => {
    const query = new URLSearchParams({ filter: JSON.stringify(filter), range: "[0,49]" });
    const { json, headers } = await httpClient(`${webhookPath(clientId, id)}/deliveries?${query}`);
    return { rows: json, total: Number(headers.get("content-range")?.split("/")[1] ?? json.length) };
  },
  replayWebhookDelivery: (clientId: Identifier, id: number, deliveryId: string) =>
    post(`${webhookPath(clientId, id, "")}/deliveries/${encodeURIComponent(deliveryId)}/replay`),
};

/** /api/admin/clients/{clientId}/webhooks/{id}, or without the /api/admin prefix for `post`. */
function webhookPath(clientId: Identifier, id: number, prefix = API) {
  return `${prefix}/clients/${encodeURIComponent(clientId)}/webhooks/${id}`;
}

export type AdminDataProvider = typeof dataProvider;
