/**
 * One attempt of a delivery: a POST of the signed body, over a connection only to addresses checked
 * by webhook-target.ts (no redirect followed), answered within WEBHOOK_TIMEOUT_MS. What came back is
 * kept for the back office: the status and the first 1 KB of the answer, or why there was none.
 */
import http from "node:http";
import https from "node:https";
import type { WebhookAttemptOutcome } from "@/lib/generated/prisma/enums";
import { checkLiteralTarget, ForbiddenTargetError, guardedLookup } from "./webhook-target";

const RESPONSE_KEPT_BYTES = 1024;

export type AttemptResult = {
  outcome: WebhookAttemptOutcome;
  statusCode: number | null;
  durationMs: number;
  /** The answer's first 1 KB, or the error when there was none. */
  response: string;
};

class TimeoutError extends Error {}

export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const url = new URL(target);
    checkLiteralTarget(url);
    const { statusCode, response } = await send(url, headers, body, timeoutMs);
    const success = statusCode >= 200 && statusCode < 300;
    return { outcome: success ? "success" : "http_error", statusCode, durationMs: took(), response };
  } catch (error) {
    const outcome =
      error instanceof TimeoutError
        ? "timeout"
        : error instanceof ForbiddenTargetError
          ? "refused_target"
          : "connection_error";
    const message =
      error instanceof Error
        ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}`
        : String(error);
    return { outcome, statusCode: null, durationMs: took(), response: message.slice(0, RESPONSE_KEPT_BYTES) };
  }
}

function send(
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ statusCode: number; response: string }> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: "POST",
      headers: { ...headers, "content-length": Buffer.byteLength(body) },
      agent: false,
      lookup: guardedLookup as never,
    });
    const timer = setTimeout(() => request.destroy(new TimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on("response", (answer) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => {
        clearTimeout(timer);
        // PostgreSQL stores no NUL in text.
        const response = Buffer.concat(chunks).toString("utf8").replaceAll("\0", "\uFFFD");
        resolve({ statusCode: answer.statusCode ?? 0, response });
        answer.destroy();
      };
      answer.on("data", (chunk: Buffer) => {
        if (kept < RESPONSE_KEPT_BYTES) chunks.push(chunk.subarray(0, RESPONSE_KEPT_BYTES - kept));
        kept += chunk.length;
        if (kept >= RESPONSE_KEPT_BYTES) finish();
      });
      answer.on("end", finish);
      answer.on("error", finish);
    });
    request.end(body);
  });
}
