import { SIGN_IN_NOW_PARAM, SIGN_IN_TICKET_PARAM } from '@masthead/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** A page whose address holds a link's token (an invitation, a reset): its links must not pass it on. */
export const sendLinkPage = (reply: FastifyReply, status: number, html: string) =>
  sendPage(reply.header('referrer-policy', 'no-referrer'), status, html);

/** The query of a link's page: its token, of a bounded length. */
export const linkQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });

/** A form field as text; anything else (absent, repeated) is empty. */
export function formField(request: FastifyRequest, name: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/**
 * On to the web app, whose login screen starts the sign-in at once with the ticket's binding; the
 * browser's cookie completes it without the password (decision 055).
 */
export function redirectToSignIn(reply: FastifyReply, publicUrl: string, binding: string) {
  const next = new URL(`${publicUrl}/`);
  next.searchParams.set(SIGN_IN_NOW_PARAM, 'now');
  next.searchParams.set(SIGN_IN_TICKET_PARAM, binding);
  return reply.header('referrer-policy', 'no-referrer').redirect(next.toString(), 303);
}
