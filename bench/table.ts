/** The bench's one table: plain text, columns padded to their widest cell. */
export type Row = {
  name: string;
  requestsPerSec?: number;
  p50Ms?: number;
  p99Ms?: number;
  /** CPU time of the server's processes (every thread) per response. */
  cpuMsPerRequest?: number;
  /** Connection errors / responses with an unexpected status. */
  errors?: [number, number];
  comparison?: string;
  target?: string;
  pass?: boolean;
  /** req/s over that of the server with one process, when there is one beside (PostgreSQL). */
  speedUp?: number;
};

/** What figure() found not measured in this run, by name. */
const notMeasured: string[] = [];

/**
 * A figure the bench computed, checked: a metric the server did not report, a slice with no
 * answers or a ratio over zero gives NaN or Infinity, which must never read as 0 ms and PASS. It is
 * kept as NaN (its row reads "not measured" and FAILs) and named, and the run then exits non-zero
 * naming every such figure (bench/run.ts).
 */
export function figure(value: number, what: string): number {
  if (Number.isFinite(value)) return value;
  notMeasured.push(`${what} (${value})`);
  return Number.NaN;
}

/** The figures of this run that were not measured. */
export function figuresNotMeasured(): string[] {
  return [...notMeasured];
}

const number = (value: number | undefined, digits = 0) =>
  value === undefined
    ? ""
    : !Number.isFinite(value)
      ? "not measured"
      : value.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function formatTable(rows: Row[], showSpeedUp: boolean): string {
  for (const row of rows) {
    for (const key of ["requestsPerSec", "p50Ms", "p99Ms", "cpuMsPerRequest", "speedUp"] as const) {
      const value = row[key];
      if (value !== undefined && Number.isNaN(figure(value, `"${row.name}", ${key}`))) row.pass = false;
    }
    if (/NaN|Infinity/.test(row.comparison ?? "")) row.pass = false;
  }
  const header = ["", "req/s", "p50 ms", "p99 ms", "CPU ms/req", "err / unexpected", "compared with", "target", ""];
  if (showSpeedUp) header.push("vs 1 process");
  const cells = rows.map((row) => {
    const line = [
      row.name,
      number(row.requestsPerSec),
      number(row.p50Ms, 1),
      number(row.p99Ms, 1),
      number(row.cpuMsPerRequest, 2),
      row.errors ? `${row.errors[0]} / ${row.errors[1]}` : "",
      row.comparison ?? "",
      row.target ?? "",
      row.pass === undefined ? "" : row.pass ? "PASS" : "FAIL",
    ];
    if (showSpeedUp) line.push(row.speedUp === undefined ? "" : `×${number(row.speedUp, 2)}`);
    return line;
  });
  const all = [header, ...cells];
  const widths = header.map((_, column) => Math.max(...all.map((line) => line[column].length)));
  const rightAligned = new Set([1, 2, 3, 4, 5, 9]);
  const render = (line: string[]) =>
    line
      .map((cell, column) => (rightAligned.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [render(header), rule, ...cells.map(render)].join("\n");
}
