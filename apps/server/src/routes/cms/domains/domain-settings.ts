import { DomainQuery, DomainSettings } from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import { findDomainSettings } from '../../../db/repositories/domains.repository.js';
import { notFound } from '../../../lib/app-error.js';
import { requireDomain } from '../../../services/access.js';
import { changeDomainSettings } from '../../../services/domain-settings.service.js';
import { errorResponses, security } from '../../route-schemas.js';

const tags = ['domains'];

type SettingsRow = { post_url: string | null; public_feeds: boolean; preview_url: string | null };
const toSettings = (row: SettingsRow): DomainSettings => ({
  postUrl: row.post_url,
  publicFeeds: row.public_feeds,
  previewUrl: row.preview_url,
});

/**
 * What the websites see of the domain: its post addresses, whether its feeds are public, and its
 * preview address (issue 30).
 */
export default async function domainSettingsRoutes(app: FastifyInstance) {
  app.get<{ Querystring: DomainQuery }>(
    '/domain/settings',
    {
      schema: {
        tags,
        summary: "The domain's post address pattern, feed setting and preview address pattern",
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
        summary: "Set the domain's post address pattern, feed setting and preview address (admins)",
        description:
          '`postUrl` must be an http(s) URL with `{slug}` after the host, or null to clear it. ' +
          '`previewUrl` must be an http(s) URL with `{token}` after the host, and no placeholders but ' +
          '`{token}`, `{slug}`, `{id}` and `{locale}`, or null to clear it; absent, it stays as it is. ' +
          "Its origin is allowed in the web app's frame-src (the editor's live preview) within seconds. " +
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
      const { postUrl, publicFeeds, previewUrl } = request.body;
      const row = await changeDomainSettings(app.db, access.id, request.user, {
        postUrl,
        publicFeeds,
        previewUrl,
      });
      // The web app's frame-src follows before this answer here, and within seconds on other processes.
      if (previewUrl !== undefined) await app.previewOrigins.changed();
      return toSettings(row);
    },
  );
}
