/** The one place that builds response bodies, success and error alike. */
import { randomUUID } from "node:crypto";
import { transactionExpired } from "@/lib/platform/db/errors";
import { databaseUnreachable } from "@/lib/platform/db/outage";
import { LIST_WINDOW, type ListTotal } from "@/lib/platform/db/list-query";
import { DomainError } from "@/lib/platform/errors/domain-error";
import { ApiError, serviceUnavailable, toApiError } from "./errors";
import { log } from "@/lib/platform/runtime/log";

export const REQUEST_ID_HEADER = "X-Request-Id";

export const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8" };

export function newRequestId(): string {
  return randomUUID();
}

export function success(fields: Record<string, unknown> = {}, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify({ code: status, message: "Success", ...fields }), {
    status,
    headers: { ...JSON_HEADERS, ...Object.fromEntries(new Headers(headers)) },
  });
}

/**
 * An answer prepared without undici's objects: its status, its headers (names as written, each
 * once whatever its case) and its body's bytes, none for an empty body. Next's route gets it as a
 * Response (`responseOf`); the server's fast path for the reference reads writes it to node:http
 * as it is (lib/entry/server/next-answer.ts), with no Request, Headers or stream made on the way.
 */
export type PreparedAnswer = { status: number; headers: Record<string, string>; bytes?: Uint8Array };

/**
 * A prepared answer as a Response. The bytes are handed over as a stream: `new Response(bytes)`
 * copies them on every call (53 KB per /countries request, and the garbage collection that
 * follows); a stream passes the cached bytes on as they are. A default stream, not a byte stream:
 * enqueueing into a byte stream would detach the cached buffer.
 */
export function responseOf({ status, headers, bytes }: PreparedAnswer): Response {
  const body =
    bytes &&
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
  return new Response(body ?? null, { status, headers });
}

/** Whether a prepared answer has header `name` (in lower case), whatever the case it was written in. */
export function hasHeader(answer: PreparedAnswer, name: string): boolean {
  for (const written in answer.headers) if (written.toLowerCase() === name) return true;
  return false;
}

/** A bare JSON body: the admin API speaks ra-data-simple-rest, which takes records as they are. */
export function plainJson(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...JSON_HEADERS, ...Object.fromEntries(new Headers(headers)) },
  });
}

/** The header that says a list's total was not counted to the end: "about 1000000" or "more than 10000". */
export const TOTAL_ESTIMATE_HEADER = "X-Total-Estimate";

/**
 * One page of a list, ra-data-simple-rest style: the rows, and where they sit in the total in
 * Content-Range. A total past LIST_WINDOW is the rows a client may page through there (LIST_WINDOW),
 * and in TOTAL_ESTIMATE_HEADER as far as it is known.
 */
export function listPage(resource: string, rows: unknown[], start: number, total: ListTotal): Response {
  const range = rows.length > 0 ? `${start}-${start + rows.length - 1}` : "*";
  const pageable = typeof total === "number" ? total : LIST_WINDOW;
  return plainJson(rows, 200, {
    "Content-Range": `${resource} ${range}/${pageable}`,
    ...(typeof total === "number"
      ? { "Access-Control-Expose-Headers": "Content-Range" }
      : {
          [TOTAL_ESTIMATE_HEADER]: `${total.estimated === "about" ? "about" : "more than"} ${total.rows}`,
          "Access-Control-Expose-Headers": `Content-Range, ${TOTAL_ESTIMATE_HEADER}`,
        }),
  });
}

/** The headers of a file for the browser to save, never kept by a cache. */
const downloadHeaders = (filename: string, contentType: string) => ({
  "Content-Type": contentType,
  "Content-Disposition": `attachment; filename="${filename}"`,
  "Cache-Control": "no-store",
});

/** A file for the browser to save. */
export function download(body: string, filename: string, contentType: string): Response {
  return new Response(body, { status: 200, headers: downloadHeaders(filename, contentType) });
}

/**
 * A file for the browser to save, written as `lines` come: each ends in CRLF, sent in chunks of
 * about 64 KB, so no more than that is held. A client that goes away ends the lines (their
 * iterator's `return`); a failure midway is logged and cuts the answer short, which the client
 * sees as a broken transfer, never as a complete file. `rows`, when known, goes out as `Export-Rows`:
 * the back office shows how far along a long download is.
 */
export function streamDownload(
  lines: AsyncIterator<string>,
  filename: string,
  contentType: string,
  requestId: string,
  rows?: number,
): Response {
  const encoder = new TextEncoder();
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = "";
      try {
        while (chunk.length < STREAM_CHUNK) {
          const next = await lines.next();
          if (cancelled) return;
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += `${next.value}\r\n`;
        }
      } catch (error) {
        if (cancelled) return;
        log().error({ err: error, req_id: requestId }, "a download failed midway");
        controller.error(error);
        return;
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      cancelled = true;
      await lines.return?.();
    },
  });
  const headers = {
    ...downloadHeaders(filename, contentType),
    ...(rows === undefined ? {} : { "Export-Rows": `${rows}` }),
  };
  return new Response(body, { status: 200, headers });
}

const STREAM_CHUNK = 64 * 1024;

export function errorBody(error: ApiError) {
  return {
    code: error.status,
    type: error.type,
    message: error.message,
    ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
    ...(error.mfaToken ? { mfa_token: error.mfaToken } : {}),
  };
}

/**
 * The one error translator: an ApiError answers as itself, a DomainError as its code says; a database that cannot be reached is a
 * 503 with Retry-After (the outage is logged once, not per request), and so is a transaction that
 * outlived its time limit on a machine too busy (rolled back, nothing written); anything else is a bug, logged
 * with the request id and answered as a bare 500 that says nothing of the internals. No error is
 * for a cache to keep, the catch-alls' 404s included.
 */
export function failure(error: unknown, requestId: string): Response {
  return responseOf(failureAnswer(error, requestId));
}

/** `failure`'s answer, prepared (the reference reads' routes answer with prepared answers). */
export function failureAnswer(error: unknown, requestId: string): PreparedAnswer {
  const overloaded = transactionExpired(error);
  const unexpected =
    !(error instanceof ApiError) && !(error instanceof DomainError) && !overloaded && !databaseUnreachable(error);
  const apiError =
    error instanceof ApiError
      ? error
      : error instanceof DomainError
        ? toApiError(error)
        : unexpected
          ? new ApiError(500, "api_error", "An unexpected error occurred")
          : serviceUnavailable();
  if (unexpected) {
    log().error({ err: error, req_id: requestId }, "unexpected error");
  } else if (overloaded) {
    log().warn({ req_id: requestId }, "a transaction outlived its time limit, rolled back: answered 503");
  }
  return {
    status: apiError.status,
    headers: { ...JSON_HEADERS, "Cache-Control": "no-store", ...apiError.headers, [REQUEST_ID_HEADER]: requestId },
    bytes: Buffer.from(JSON.stringify(errorBody(apiError))),
  };
}
