import type { FastifyReply } from 'fastify';
import { PAGE_CSP } from '../../../idp/pages/layout.js';

/** One of the provider's own pages: never cached, under the pages' strict CSP. */
export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': PAGE_CSP,
    })
    .send(html);
}
