/**
 * A background pass run every `intervalMs` and whenever it is woken, never two at once: the loop of
 * the e-mail dispatcher and of the webhook dispatcher. A wake-up during a pass runs one more after it.
 */

export type RepeatingPass = {
  /** Runs a pass now, or right after the one in progress. */
  wake(): void;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
};

/** `pass` must not throw for expected trouble; what it throws goes to `onError`. */
export function startRepeatingPass(
  pass: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): RepeatingPass {
  let stopped = false;
  let running: Promise<void> | undefined;
  let wokenDuringPass = false;

  const run = () => {
    if (stopped) return;
    running = pass()
      .then(() => {}, onError)
      .finally(() => {
        running = undefined;
        if (wokenDuringPass) {
          wokenDuringPass = false;
          run();
        }
      });
  };
  const timer = setInterval(() => {
    if (!running) run();
  }, intervalMs);
  timer.unref();
  run();

  return {
    wake() {
      if (running) wokenDuringPass = true;
      else run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
