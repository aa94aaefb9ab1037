/**
 * A reading of the server's /metrics (Prometheus' text format), for the tests and the bench: each
 * sample's name, labels and value, and sums over the samples that match some labels.
 */
import { requestOnNewConnection } from "./server-process";

export type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of an exposition; comments (# HELP, # TYPE) are skipped. */
export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[name] = value.replace(/\\(.)/g, (_, escaped: string) => (escaped === "n" ? "\n" : escaped));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none). */
export function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** The pids of the server processes the scrape added up. */
export function serverPids(samples: Sample[]): number[] {
  return samples.filter((sample) => sample.name === "server_process_info").map((sample) => Number(sample.labels.pid));
}

/**
 * GET /metrics with the token, over a connection of its own: the body's samples and the body. Up to
 * 30 s for the answer (a cluster's primary gathers every process's): a local CI run's bench, beside
 * both test passes and more, had none within the 5 s of a plain request and stopped there.
 */
export async function scrapeMetrics(serverUrl: string, token: string): Promise<{ samples: Sample[]; text: string }> {
  const { status, body } = await requestOnNewConnection(`${serverUrl}/metrics`, {
    headers: { Authorization: `Bearer ${token}` },
    timeoutMs: 30_000,
  });
  if (status !== 200) throw new Error(`/metrics: ${status} ${body}`);
  return { samples: parseExposition(body), text: body };
}
