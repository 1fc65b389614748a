import type { FastifyReply, FastifyRequest } from 'fastify';
import { preconditionFailed } from './app-error.js';

export const etagOf = (version: number) => `"${version}"`;

export function setEtag(reply: FastifyReply, version: number) {
  reply.header('etag', etagOf(version));
}

/**
 * The version a PUT expects, from If-Match. No header means "no precondition" (the spec's client
 * sends none); "*" matches any existing version. A list or weak tags are accepted (RFC 9110).
 */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  const versions = header
    .split(',')
    .map((tag) => /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(tag)?.[1])
    .filter((v): v is string => v !== undefined)
    .map(Number);
  // An If-Match that names no version we could have issued can never match.
  if (versions.length !== 1) throw preconditionFailed();
  return versions[0];
}

export function assertVersion(expected: number | undefined, current: number) {
  if (expected !== undefined && expected !== current) throw preconditionFailed();
}
