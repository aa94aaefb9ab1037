/** The back office's name, "<trading name> back office": for the server's page title and the app alike. */
export const UNBRANDED = "Back office";

export function backOfficeName(tradingName: string | null): string {
  return tradingName ? `${tradingName} back office` : UNBRANDED;
}
