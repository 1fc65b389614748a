// The part of autocannon's programmatic API that the bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each send; null restarts the connection's sequence at the first request. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers?: Record<string, string | string[]>,
    ) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Request[];
    warmup?: { connections?: number; duration?: number };
  }
  export interface Result {
    duration: number;
    /** Socket errors, timeouts included. */
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: { p50: number; p99: number; average: number };
    requests: { average: number; total: number };
  }
  export interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, milliseconds: number) => void,
    ): this;
    /** The measured run starts (after the warm-up, when there is one). */
    on(event: 'start', listener: () => void): this;
  }
  export default function autocannon(options: Options): Instance;
}
