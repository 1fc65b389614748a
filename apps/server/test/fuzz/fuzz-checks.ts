import { STATUS_CODES } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import type { FuzzWorld } from './fuzz-world.js';
import { resourceOf } from './fuzz-world.js';
import type { FuzzRequest } from './openapi-requests.js';

/** What is wrong with a response, or undefined: no 5xx, and every 4xx has exactly the error body. */
export function responseProblem(response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return `answered ${status} with a body that is not an object`;
  }
  const { error, errors, detailedMessage } = body as Record<string, unknown>;
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'detailedMessage,error,errors') return `answered ${status} with the keys ${keys}`;
  if (error !== STATUS_CODES[status]) return `answered ${status} with error ${JSON.stringify(error)}`;
  if (
    !Array.isArray(errors) ||
    errors.length === 0 ||
    errors.some((e) => typeof e !== 'string' || e === '')
  ) {
    return `answered ${status} with errors ${JSON.stringify(errors)}`;
  }
  if (typeof detailedMessage !== 'string' || detailedMessage === '') {
    return `answered ${status} with detailedMessage ${JSON.stringify(detailedMessage)}`;
  }
  return undefined;
}

/** Learns from a response: the ids that creates made, and the ETags of single reads. */
export function remember(world: FuzzWorld, request: FuzzRequest, response: LightMyRequestResponse) {
  const resource = resourceOf(request.url);
  if (!resource || response.statusCode >= 300) return;
  const etag = response.headers.etag;
  let id: unknown;
  try {
    id = (JSON.parse(response.body) as { id?: unknown }).id;
  } catch {
    return;
  }
  if (typeof id !== 'string') return;
  if (request.method === 'POST' && response.statusCode === 201 && !world.ids[resource].includes(id)) {
    world.ids[resource].push(id);
  }
  if (typeof etag === 'string') world.etags.set(id, etag);
}

/** The request as text to replay by hand: method, URL, headers and body. */
export function describeRequest(request: FuzzRequest): string {
  const headers = Object.entries(request.headers).map(([k, v]) => `${k}: ${v.slice(0, 2000)}`);
  const body = request.payload === undefined ? '' : `\n\n${request.payload.slice(0, 2000)}`;
  const cut = request.payload && request.payload.length > 2000 ? `… (${request.payload.length} chars)` : '';
  return `${request.method} ${request.url.slice(0, 2000)}\n${headers.join('\n')}${body}${cut}`;
}

/** Counts of each status, and of 5xx, for the run's summary. */
export class StatusHistogram {
  readonly counts = new Map<number, number>();
  total = 0;

  add(status: number) {
    this.counts.set(status, (this.counts.get(status) ?? 0) + 1);
    this.total++;
  }

  count(predicate: (status: number) => boolean) {
    return [...this.counts].filter(([s]) => predicate(s)).reduce((sum, [, n]) => sum + n, 0);
  }

  toString() {
    return [...this.counts]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
  }
}
