/** The device a customer acts from, as the app's backend tells us: recorded with login tokens and account events. */
export type Device = {
  ip: string;
  userAgent: string;
  fingerprint: string;
  /**
   * Whether `ip` is the customer's: reported in X-Client-IP, and not one of TRUSTED_PROXIES. Without
   * the header it is the caller's own address (the app's backend), which keys the per-IP limits but
   * links no accounts.
   */
  ipReported: boolean;
};
