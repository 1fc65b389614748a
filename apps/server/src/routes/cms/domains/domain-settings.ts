import { DomainQuery, DomainSettings, POST_URL_MESSAGE } from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { findDomainSettings } from '../../../db/repositories/domains.repository.js';
import { badRequest, notFound } from '../../../lib/app-error.js';
import { isPostUrlPattern } from '../../../lib/post-url.js';
import { requireDomain } from '../../../services/access.js';
import { setDomainSettings } from '../../../services/domain-settings.service.js';
import { errorResponses, security } from '../../route-schemas.js';

const tags = ['domains'];

type SettingsRow = { post_url: string | null; public_feeds: boolean };
const toSettings = (row: SettingsRow): DomainSettings => ({
  postUrl: row.post_url,
  publicFeeds: row.public_feeds,
});

/** What the websites see of the domain: its post addresses and whether its feeds are public. */
export default async function domainSettingsRoutes(app: FastifyInstance) {
  app.get<{ Querystring: DomainQuery }>(
    '/domain/settings',
    {
      schema: {
        tags,
        summary: "The domain's post address pattern and feed setting",
        security,
        querystring: DomainQuery,
        response: { 200: DomainSettings, ...errorResponses(400) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'read');
      const row = await findDomainSettings(app.db, access.id);
      if (!row) throw notFound('Domain');
      return toSettings(row);
    },
  );

  app.put<{ Querystring: DomainQuery; Body: DomainSettings }>(
    '/domain/settings',
    {
      schema: {
        tags,
        summary: "Set the domain's post address pattern and feed setting (admins)",
        description:
          '`postUrl` must be an http(s) URL with `{slug}` after the host, or null to clear it. ' +
          "A change shows at once in the delivery API's post `url` and in the feeds, and adds a " +
          '`domain.settings_updated` activity row with the settings before and after.',
        security,
        querystring: DomainQuery,
        body: DomainSettings,
        response: { 200: DomainSettings, ...errorResponses(400) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      const { postUrl, publicFeeds } = request.body;
      if (postUrl !== null && !isPostUrlPattern(postUrl)) throw badRequest([`postUrl: ${POST_URL_MESSAGE}`]);
      const row = await app.db
        .transaction()
        .execute((trx) => setDomainSettings(trx, access.id, request.user, { postUrl, publicFeeds }));
      if (!row) throw notFound('Domain');
      return toSettings(row);
    },
  );
}
