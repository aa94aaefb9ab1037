/**
 * A webhook receiver on a loopback port, for the tests: it records every request (headers as
 * received, body as bytes) and answers each path as the test says (a status, or never).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after } from "node:test";

export type ReceivedWebhook = { path: string; headers: Record<string, string>; body: string; receivedAt: number };

/** What a path answers its `n`th request (from 1): a status with its body, or "hang" (never). */
export type Answer = (path: string, n: number) => { status: number; body?: string } | "hang";

export type WebhookReceiver = {
  url: string;
  received(path?: string): ReceivedWebhook[];
  answer: Answer;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const counts = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  const receiver: WebhookReceiver = {
    url: "",
    received: (path) => received.filter((request) => path === undefined || request.path === path),
    answer: () => ({ status: 204 }),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({
        path,
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      });
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      const answer = receiver.answer(path, n);
      if (answer === "hang") {
        hanging.add(response);
        return;
      }
      response.writeHead(answer.status, { "Content-Type": "text/plain" }).end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  after(async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return receiver;
}
