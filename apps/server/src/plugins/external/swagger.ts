import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REFERENCE_CSP, referencePage, type OpenApiDocument } from './api-reference/reference-page.js';

/** The OpenAPI document and its reference page are generated from the routes' own schemas. */
export default fp(async function openapi(app: FastifyInstance, options: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Masthead API',
        version: '1.0.0',
        description:
          'Blog posts, tags, categories, media assets and custom fields per domain. Every error has the body ' +
          '{ error, errors[], detailedMessage }. /cms calls need a bearer access token from the configured OpenID provider; ' +
          'the read-only delivery API under /api/v1 needs a content key of the domain (Authorization: Bearer or ?key=).',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The delivery API (/api/v1) reads with a domain's content key, in the header or the query.
          contentKeyBearer: { type: 'http', scheme: 'bearer', description: 'A content key (mhk_…)' },
          contentKeyQuery: { type: 'apiKey', in: 'query', name: 'key', description: 'A content key (mhk_…)' },
        },
      },
    },
    hideUntagged: true,
  });
  // The reference page is rendered here from the same document (decision 045): no script, and a
  // CSP that allows its one inline style sheet and nothing else, under any address.
  let page: string | undefined;
  const reference = async (_request: FastifyRequest, reply: FastifyReply) => {
    page ??= referencePage(
      app.swagger() as unknown as OpenApiDocument,
      `${options.publicUrl}/cms/openapi.json`,
    );
    return reply.type('text/html; charset=utf-8').header('content-security-policy', REFERENCE_CSP).send(page);
  };
  app.get('/cms/docs', { schema: { hide: true } }, reference);
  app.get('/cms/docs/', { schema: { hide: true } }, reference);
  // swagger-ui served the document here too; clients that read it there still find it.
  app.get('/cms/docs/json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/cms/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
