import type { FastifyReply, FastifyRequest } from 'fastify';
import { preconditionFailed } from './app-error.js';

export const etagOf = (version: number) => `"${version}"`;

export function setEtag(reply: FastifyReply, version: number) {
  reply.header('etag', etagOf(version));
}

/**
 * The versions a PUT may apply to, from If-Match. No header means "no precondition" (the spec's
 * client sends none); "*" matches any existing version. If-Match compares strongly (RFC 9110
 * §13.1.1), so a weak tag never matches, and neither does a tag we could not have issued.
 */
export function expectedVersions(request: FastifyRequest): number[] | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  const versions = header
    .split(',')
    .map((tag) => /^\s*"(\d{1,9})"\s*$/.exec(tag)?.[1])
    .filter((v): v is string => v !== undefined)
    .map(Number);
  if (versions.length === 0) throw preconditionFailed();
  return versions;
}

export function assertVersion(expected: number[] | undefined, current: number) {
  if (expected !== undefined && !expected.includes(current)) throw preconditionFailed();
}

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2) or is "*". */
export function noneMatch(header: string | undefined, etag: string) {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Whether a PUT that carries If-Match may replace a resource whose ETag is `etag` (strong
 * comparison, RFC 9110 §13.1.1). No header means no precondition, as for posts.
 */
export function ifMatchAllows(request: FastifyRequest, etag: string) {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim() === etag);
}
