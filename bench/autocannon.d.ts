// The part of autocannon's API the bench uses (the package ships no types).
declare module "autocannon" {
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
    /** Called with each answer to this request, before the connection builds its next one. */
    onResponse?: (status: number, body: string) => void;
  };
  type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    /** Requests to make before stopping; the duration is then ignored. */
    amount?: number;
    overallRate?: number;
    timeout?: number;
    requests?: Request[];
  };
  type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    latency: { p50: number; p99: number };
    requests: { total: number; average: number };
    statusCodeStats: Record<string, { count: number }>;
  };
  /** A promise of the result, which also emits each response as it comes. */
  type Instance = Promise<Result> & {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void,
    ): Instance;
  };
  export default function autocannon(options: Options): Instance;
}
