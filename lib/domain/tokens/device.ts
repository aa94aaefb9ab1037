/** The device a customer acts from, as the app's backend tells us: recorded with login tokens and account events. */
export type Device = { ip: string; userAgent: string; fingerprint: string };
