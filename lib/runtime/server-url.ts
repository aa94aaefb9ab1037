/** The address to print for a server listening on `hostname` (all interfaces read as localhost). */
export function serverUrl(hostname: string, port: number): string {
  const host = hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  return `http://${host}:${port}`;
}
