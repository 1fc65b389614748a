import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError, databaseUnavailable, statementTooLong } from '../../lib/app-error.js';
import { DatabaseUnavailableError, isStatementCancelled } from '../../lib/pg-errors.js';
import { withImages, type ImageSettings } from '../../services/delivery-images.js';
import { readPreview } from '../../services/preview-read.js';
import { budgetCounters, byAddress, minuteBudget } from '../public-budgets.js';
import {
  bannerOf,
  errorPage,
  gonePage,
  PREVIEW_PAGE_CSP,
  previewPage,
  sanitisedHtmlCache,
} from './preview-page.js';

export interface PreviewPageOptions {
  /** Pages a minute per client address (PREVIEW_PAGES_PER_ADDRESS_PER_MINUTE; 0: no limit). */
  perAddressPerMinute: number;
  redis?: Redis;
  /** How the post's images are described (decision 065); without it they are shown as written. */
  images?: Omit<ImageSettings, 'storage'>;
}

/**
 * Every answer of the page: its own strict CSP, never kept by any cache, never indexed, and no
 * Referer (the address holds the token, and the post's images load from other sites).
 */
function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': PREVIEW_PAGE_CSP,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
      'referrer-policy': 'no-referrer',
    })
    .send(html);
}

/**
 * Masthead's own preview page, GET /preview/<token> (issue 30, decision 061): what a share link
 * opens when the domain has no previewUrl, and what the editor's live pane frames. Public: a budget
 * per address, the public endpoints' statement-timeout pool, and the token looked up on every
 * request. Its refusals are pages too (this scope's error handler), with the error body's lines.
 */
export default async function previewPageRoutes(app: FastifyInstance, options: PreviewPageOptions) {
  const addressLimit = minuteBudget(budgetCounters(options.redis, 'preview-page-address:'), {
    perMinute: options.perAddressPerMinute,
    per: 'this address',
    keyOf: byAddress,
  });

  const sanitised = sanitisedHtmlCache();

  app.setErrorHandler((error, request, reply) => {
    const known =
      error instanceof AppError
        ? error
        : isStatementCancelled(error)
          ? statementTooLong()
          : error instanceof DatabaseUnavailableError
            ? databaseUnavailable()
            : undefined;
    if (known) {
      reply.headers(known.headers);
      return sendPage(reply, known.statusCode, errorPage(known.detailedMessage, known.errors));
    }
    request.log.error({ err: error }, 'preview page failed');
    return sendPage(reply, 500, errorPage('Something went wrong', ['Please try again in a moment.']));
  });

  const show = async (token: string, reply: FastifyReply) => {
    const read = await readPreview(app.deliveryDb, token, app.clock());
    if (read.state !== 'live') {
      const { status, html } = gonePage(read.state);
      return sendPage(reply, status, html);
    }
    const { preview } = read;
    let html = sanitised(preview.html ?? '');
    let featureImage = null;
    if (options.images) {
      // As the site would show it: the post's images with their sizes and srcset (decision 065).
      const images = { ...options.images, storage: app.storage };
      const [described] = await withImages(app.deliveryDb, images, read.token.domain_id, [
        { featureImageUrl: preview.featureImageUrl, html },
      ]);
      html = described!.html ?? html;
      featureImage = described!.featureImage;
    }
    const banner = bannerOf(preview, read.showsLiveVersion);
    return sendPage(reply, 200, previewPage(preview, banner, html, featureImage));
  };

  const schema = { hide: true };
  app.addHook('onRequest', async (request) => addressLimit(request));
  // A wildcard, not a parameter: any path under /preview/ is this page's (a 404 page), never the web app's.
  app.get<{ Params: { '*': string } }>('/preview/*', { schema }, async (request, reply) =>
    show(request.params['*'], reply),
  );
  app.get('/preview', { schema }, async (_request, reply) => show('', reply));
}
