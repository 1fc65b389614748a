import type { Target } from './write-load.js';

/**
 * Readers for the database outage test: lists, tag lists and /readyz in a loop, every answer counted
 * by status. A 503 must carry Retry-After and the error body; any other status but 200, or a
 * request without an answer, is a failure.
 */
export class ReadLoad {
  readonly statuses = new Map<number, number>();
  readonly failures: string[] = [];
  private stopped = false;

  constructor(
    readonly target: Target,
    private readonly readers = 3,
  ) {}

  histogram() {
    return Object.fromEntries([...this.statuses].map(([code, n]) => [String(code), n]));
  }

  stop() {
    this.stopped = true;
  }

  async run() {
    this.stopped = false;
    await Promise.all(Array.from({ length: this.readers }, () => this.loop()));
  }

  private async loop() {
    const { baseUrl, domain, token: bearer } = this.target;
    const paths = [`/cms/blogs/all?domain=${domain}`, `/cms/tags/list?domain=${domain}`, '/readyz'];
    for (let i = 0; !this.stopped; i++) {
      const path = paths[i % paths.length]!;
      try {
        const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
        const body = await response.text();
        this.statuses.set(response.status, (this.statuses.get(response.status) ?? 0) + 1);
        if (response.status === 503) {
          const parsed = JSON.parse(body) as Record<string, unknown>;
          if (
            !response.headers.get('retry-after') ||
            !Array.isArray(parsed.errors) ||
            !parsed.detailedMessage
          )
            this.failures.push(`GET ${path}: 503 without Retry-After or the error body: ${body}`);
        } else if (response.status !== 200) {
          this.failures.push(`GET ${path}: ${response.status} ${body.slice(0, 300)}`);
        }
      } catch (error) {
        this.failures.push(`GET ${path}: no answer (${String((error as Error).cause ?? error)})`);
      }
    }
  }
}
