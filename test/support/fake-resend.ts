import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Resend's HTTP API on a loopback port: point RESEND_BASE_URL at `url`.
 * It answers POST /emails like Resend, including its idempotency (a repeated Idempotency-Key gets
 * the first answer and is not delivered again), and can fail on demand to play an outage. Like
 * Resend refusing an address, it answers 422 for any recipient under the reserved `.invalid` domain.
 */
export type SentEmailBody = { from: string; to: string | string[]; subject: string; html?: string; text?: string };

export type RecordedRequest = {
  at: number;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: SentEmailBody;
  /** The status answered, or 0 when the connection was dropped because the fake was down. */
  status: number;
};

export type Delivery = {
  id: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  body: SentEmailBody;
};

export type FakeResend = {
  url: string;
  /** Every POST /emails received, failed and repeated ones included, in arrival order. */
  requests(): RecordedRequest[];
  /** The e-mails actually delivered: one per idempotency key. */
  deliveries(): Delivery[];
  waitForDelivery(matches: (delivery: Delivery) => boolean, timeoutMs?: number): Promise<Delivery>;
  /** Answers the next `count` requests with a 500. */
  failNext(count: number): void;
  /** While down, requests are received and dropped without an answer, as in a network outage. */
  setDown(down: boolean): void;
  /** Holds each answer back this long, so that sends overlap. */
  setLatency(ms: number): void;
  close(): Promise<void>;
};

export async function startFakeResend(): Promise<FakeResend> {
  const requests: RecordedRequest[] = [];
  const deliveries: Delivery[] = [];
  const byKey = new Map<string, { delivery: Delivery; payload: string }>();
  const delivered = new EventEmitter();
  let failuresLeft = 0;
  let down = false;
  let latencyMs = 0;

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const payload = Buffer.concat(chunks).toString("utf8");
    if (request.method !== "POST" || request.url !== "/emails") {
      return answer(response, 404, {
        statusCode: 404,
        name: "not_found",
        message: "The requested endpoint does not exist.",
      });
    }
    let body: SentEmailBody;
    try {
      body = JSON.parse(payload);
    } catch {
      return answer(response, 422, {
        statusCode: 422,
        name: "validation_error",
        message: "The body is not valid JSON.",
      });
    }
    const authorization = request.headers.authorization;
    const idempotencyKey = header(request.headers["idempotency-key"]);
    const recorded: RecordedRequest = { at: Date.now(), authorization, idempotencyKey, body, status: 0 };
    requests.push(recorded);
    if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs));

    if (down) {
      response.socket?.destroy();
      return;
    }
    if (failuresLeft > 0) {
      failuresLeft--;
      recorded.status = 500;
      return answer(response, 500, {
        statusCode: 500,
        name: "internal_server_error",
        message: "An unexpected error occurred.",
      });
    }
    if (!authorization?.startsWith("Bearer ")) {
      recorded.status = 401;
      return answer(response, 401, {
        statusCode: 401,
        name: "missing_api_key",
        message: "Missing API key in the authorization header.",
      });
    }
    if ([body.to].flat().some((address) => address.endsWith(".invalid"))) {
      recorded.status = 422;
      return answer(response, 422, { statusCode: 422, name: "validation_error", message: "Invalid `to` field." });
    }
    const earlier = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
    if (earlier && earlier.payload !== payload) {
      recorded.status = 409;
      return answer(response, 409, {
        statusCode: 409,
        name: "invalid_idempotent_request",
        message: "Same idempotency key used with a different request payload.",
      });
    }
    recorded.status = 200;
    if (earlier) return answer(response, 200, { id: earlier.delivery.id });

    const delivery: Delivery = { id: randomUUID(), idempotencyKey, authorization, body: recorded.body };
    deliveries.push(delivery);
    if (idempotencyKey) byKey.set(idempotencyKey, { delivery, payload });
    delivered.emit("delivery", delivery);
    answer(response, 200, { id: delivery.id });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...requests],
    deliveries: () => [...deliveries],
    waitForDelivery(matches, timeoutMs = 10_000) {
      const found = deliveries.find(matches);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const listener = (delivery: Delivery) => {
          if (!matches(delivery)) return;
          clearTimeout(timer);
          delivered.off("delivery", listener);
          resolve(delivery);
        };
        const timer = setTimeout(() => {
          delivered.off("delivery", listener);
          const seen = deliveries.map((delivery) => `${delivery.body.to}: ${delivery.body.subject}`);
          reject(new Error(`no matching delivery within ${timeoutMs} ms; delivered: ${JSON.stringify(seen)}`));
        }, timeoutMs);
        delivered.on("delivery", listener);
      });
    },
    failNext(count) {
      failuresLeft = count;
    },
    setDown(value) {
      down = value;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function answer(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}
