import { processGlobal } from "./process-global";

/** The address to print for a server listening on `hostname` (all interfaces read as localhost). */
export function serverUrl(hostname: string, port: number): string {
  const host = hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  return `http://${host}:${port}`;
}

const announced = () => processGlobal("announced-server-url", () => ({ url: undefined as string | undefined }));

/** Remembers the address this process's server announces (known only once it listens, on PORT=0). */
export function rememberServerUrl(url: string): void {
  announced().url = url;
}

/** The address remembered by `rememberServerUrl`, if this process serves. */
export function announcedServerUrl(): string | undefined {
  return announced().url;
}
