/** The back office's name, "<trading name> back office": for the page title, the app and authenticator apps alike. */
export const UNBRANDED = "Back office";

export function backOfficeName(tradingName: string | null): string {
  return tradingName ? `${tradingName} back office` : UNBRANDED;
}
