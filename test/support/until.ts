import { setTimeout as sleep } from "node:timers/promises";

/**
 * Reads every `everyMs` until `done` holds for what was read (by default: until it is truthy), and
 * returns that. Gives up after `timeoutMs`, saying what it read last.
 */
export async function until<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean = Boolean,
  { timeoutMs = 10_000, everyMs = 10 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`gave up waiting after ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await sleep(everyMs);
  }
}
