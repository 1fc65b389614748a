import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
  // The reference page keeps swagger-ui's own strict CSP, but no one may frame it, and over plain
  // HTTP (a local run) its upgrade-insecure-requests would send its own requests to HTTPS.
  const overHttp = options.publicUrl.startsWith('http:');
  await app.register(swaggerUi, {
    routePrefix: '/cms/docs',
    staticCSP: true,
    transformStaticCSP: (header) => {
      const policy = header.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
      return overHttp ? policy.replace(/\s*upgrade-insecure-requests;?/, '') : policy;
    },
  });
  app.get('/cms/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
