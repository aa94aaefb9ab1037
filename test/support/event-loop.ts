/** The event loop's turns, for the checks that slow work runs off it. */

/** How long `work` took, and the longest the event loop went without a turn meanwhile (in ms). */
export async function longestEventLoopPause<T>(
  work: () => Promise<T>,
): Promise<{ result: T; took: number; longestPause: number }> {
  let last = performance.now();
  let longestPause = 0;
  const tick = () => {
    const now = performance.now();
    longestPause = Math.max(longestPause, now - last);
    last = now;
  };
  const timer = setInterval(tick, 5);
  const started = performance.now();
  try {
    const result = await work();
    const took = performance.now() - started;
    tick();
    return { result, took, longestPause };
  } finally {
    clearInterval(timer);
  }
}
