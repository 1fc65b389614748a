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
          '{ error, errors[], detailedMessage }. Calls need a bearer access token from the configured OpenID provider.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/cms/docs', staticCSP: true });
  app.get('/cms/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
