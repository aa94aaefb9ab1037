/** GET /client/v1/me/export: everything the service holds about the customer (a subject-access request), once an hour. */
import { exportCustomerData } from "@/lib/domain/customer-data-rights/export-customer-data";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { dataExportResponse } from "@/lib/http/schemas";

export const exportCustomerDataOperation = defineOperation({
  method: "GET",
  path: "/client/v1/me/export",
  operationId: "exportCustomerData",
  headOperationId: "headCustomerDataExport",
  tag: "accounts",
  summary: "Everything held about the customer",
  description:
    "The customer's copy of their data (a subject-access request): the account, the profile and its kyc_status, the " +
    "profile's changes, every session (live and ended) and device, the account's events, the e-mails sent to them, the " +
    "links e-mailed, the logins that waited for a two-factor code and what was sent about them to the business's " +
    "webhooks. Never a password, token, hash, TOTP secret or recovery code, nor customer support's internal review " +
    "(reasons, risk rating, PEP and sanctions flags). Once an hour per account (429 with Retry-After beyond); each " +
    "export is an account event (data_exported, with the device of the X-Client-* headers) and an audit entry. " +
    "HEAD checks the credentials only: it exports nothing and does not count against the limit.",
  security: "client+bearer",
  recordsDevice: true,
  ok: { status: 200, response: jsonBody("The customer's data", dataExportResponse, ["NoStore"]) },
  errors: {
    400: { name: "BadRequest", description: "X-Client-IP/invalid: not a plain IPv4 or IPv6 address." },
    401: invalidLoginToken,
    429: "TooManyRequests",
    503: "ServiceUnavailable",
  },
  handler: async ({ request, login, client, device }) => {
    if (request.method === "HEAD") return success();
    return success({
      export: await exportCustomerData(login.customer.id, { by: "customer", client, device }),
    });
  },
});
