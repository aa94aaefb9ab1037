/** Whether the database answers, for the readiness probe (/api/health/ready). */
import { db } from "./index";
import { databaseAnswered, logUnlessUnreachable } from "./outage";

/**
 * The readiness probe: true when the database answers `SELECT 1` within `timeoutMs`. A database
 * that does not answer at all (packets dropped) fails the probe at the deadline, not when the
 * pool gives up on its connection.
 */
export async function databaseAnswers(timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answer = db().$queryRaw`SELECT 1`
    .then(() => {
      databaseAnswered();
      return true;
    })
    .catch((error: unknown) => {
      logUnlessUnreachable("readiness check failed", error);
      return false;
    });
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
