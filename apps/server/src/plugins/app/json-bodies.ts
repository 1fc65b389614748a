import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../../lib/app-error.js';
import { jsonNestsDeeperThan } from '../../lib/json-depth.js';

/** No body the API takes nests deeper than 3 levels (a post, its tags, a tag object); 32 is ample. */
export const MAX_JSON_DEPTH = 32;

/**
 * Every body the API takes is JSON. Fastify's own JSON parser (secure-json-parse, refusing
 * __proto__ and constructor.prototype) reads it, after a one-pass check that it does not nest
 * deeper than MAX_JSON_DEPTH: a million levels cost a second of parsing (decision 033).
 */
export default fp(async function jsonBodies(app: FastifyInstance) {
  // Fastify's built-in text/plain parser would turn a wrong content type into a confusing 400
  // ("must be of type object") instead of 415.
  app.removeContentTypeParser('text/plain');
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(badRequest([`body: nests more than ${MAX_JSON_DEPTH} levels deep`]), undefined);
      return;
    }
    parse(request, body as string, done);
  });
});
