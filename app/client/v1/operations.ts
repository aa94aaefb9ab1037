/**
 * Every public operation of /client/v1, each declared once beside its route: the OpenAPI document
 * is assembled from this list (openapi.json/get-openapi-document.operation.ts adds itself), and a
 * test fails for a route whose methods are not the list's, or a declaration without a route.
 */
import type { Operation } from "@/lib/http/operation";
import { changeEmailOperation } from "./change-email/change-email.operation";
import { changePasswordOperation } from "./change-password/change-password.operation";
import { closeAccountOperation } from "./close-account/close-account.operation";
import { listCountries } from "./countries/list-countries.operation";
import { listCountrySources } from "./countries/sources/list-country-sources.operation";
import { getApiReference } from "./docs/get-api-reference.operation";
import { requestPasswordResetOperation } from "./forgot-password/request-password-reset.operation";
import { loginCustomerOperation } from "./login/login-customer.operation";
import { completeLoginOperation } from "./login/mfa/complete-login.operation";
import { logoutCustomerOperation } from "./logout/logout-customer.operation";
import { changeCustomerLocaleOperation } from "./me/change-customer-locale.operation";
import { exportCustomerDataOperation } from "./me/export/export-customer-data.operation";
import { getCurrentCustomer } from "./me/get-current-customer.operation";
import { enrolTotpOperation } from "./me/mfa/totp/enrol-totp.operation";
import { confirmTotpOperation } from "./me/mfa/totp/confirm/confirm-totp.operation";
import { disableTotpOperation } from "./me/mfa/totp/disable/disable-totp.operation";
import { getCustomerProfile } from "./me/profile/get-customer-profile.operation";
import { submitCustomerProfileOperation } from "./me/profile/submit/submit-customer-profile.operation";
import { updateCustomerProfileOperation } from "./me/profile/update-customer-profile.operation";
import { renamePasskeyOperation } from "./me/passkeys/[id]/rename-passkey.operation";
import { removePasskeyOperation } from "./me/passkeys/[id]/remove/remove-passkey.operation";
import { listPasskeysOperation } from "./me/passkeys/list-passkeys.operation";
import { startPasskeyRegistrationOperation } from "./me/passkeys/registration/options/start-passkey-registration.operation";
import { finishPasskeyRegistrationOperation } from "./me/passkeys/registration/verify/finish-passkey-registration.operation";
import { startPasskeyAuthenticationOperation } from "./passkeys/authentication/options/start-passkey-authentication.operation";
import { finishPasskeyAuthenticationOperation } from "./passkeys/authentication/verify/finish-passkey-authentication.operation";
import { confirmPaymentAuthorisationOperation } from "./authorisations/[id]/confirm/confirm-payment-authorisation.operation";
import { getPaymentAuthorisationOperation } from "./authorisations/[id]/get-payment-authorisation.operation";
import { createPaymentAuthorisationOperation } from "./authorisations/create-payment-authorisation.operation";
import { registerCustomerOperation } from "./register/register-customer.operation";
import { resendVerificationOperation } from "./resend-verification/resend-verification.operation";
import { resetPasswordOperation } from "./reset-password/reset-password.operation";
import { revokeSession } from "./sessions/[id]/revoke-session.operation";
import { listSessions } from "./sessions/list-sessions.operation";
import { revokeOtherSessions } from "./sessions/revoke-others/revoke-other-sessions.operation";
import { getSettings } from "./settings/get-settings.operation";
import { listSourceCountries } from "./sources/list-source-countries.operation";
import { refreshSessionOperation } from "./token/refresh/refresh-session.operation";
import { verifyEmailOperation } from "./verify-email/verify-email.operation";

/** In the document's order: reference data, the customer's account, their profile, payment authorisations, then the document drawn for people. */
export const OPERATIONS: readonly Operation[] = [
  listCountries,
  listSourceCountries,
  listCountrySources,
  getSettings,
  registerCustomerOperation,
  loginCustomerOperation,
  completeLoginOperation,
  refreshSessionOperation,
  requestPasswordResetOperation,
  resetPasswordOperation,
  verifyEmailOperation,
  logoutCustomerOperation,
  getCurrentCustomer,
  changeCustomerLocaleOperation,
  exportCustomerDataOperation,
  listSessions,
  revokeSession,
  revokeOtherSessions,
  closeAccountOperation,
  changePasswordOperation,
  changeEmailOperation,
  resendVerificationOperation,
  enrolTotpOperation,
  confirmTotpOperation,
  disableTotpOperation,
  startPasskeyRegistrationOperation,
  finishPasskeyRegistrationOperation,
  listPasskeysOperation,
  renamePasskeyOperation,
  removePasskeyOperation,
  startPasskeyAuthenticationOperation,
  finishPasskeyAuthenticationOperation,
  getCustomerProfile,
  updateCustomerProfileOperation,
  submitCustomerProfileOperation,
  createPaymentAuthorisationOperation,
  getPaymentAuthorisationOperation,
  confirmPaymentAuthorisationOperation,
  getApiReference,
];
