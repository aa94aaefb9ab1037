/**
 * Work every server process runs beside HTTP. Returns a function that stops it (awaited on
 * shutdown, so nothing is left half-done).
 */
export function startBackgroundWork(): () => Promise<void> {
  return async () => {};
}
