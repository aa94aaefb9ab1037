/**
 * Screening's background pass, run by every server process: the customers due (a submit, a change of
 * identity), then the re-screen after a list's version changed.
 */
import { runScreening } from "./run-screening";
import { screenDueCustomers } from "./screen-due-customers";

/** How often each process looks: a submitted profile is screened within about this long. */
export const SCREENING_INTERVAL_MS = 2_000;

export async function runScreeningWork(): Promise<void> {
  await screenDueCustomers();
  await runScreening();
}
