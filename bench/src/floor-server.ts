// The floor for get by id (decision 031): a bare node:http server that answers
// `GET /cms/blogs/info/:id?domain=…` with exactly the raw-SQL twin's repository calls and
// JSON.stringify, and nothing else: no framework, no token check, no validation, no mapping, no
// headers beyond the content type and length. What it reaches against the twin is the best any
// Node server can do with those two statements on this machine; the API is compared with it too.
// Bench-only: it trusts every caller and is started on loopback by bench/src/main.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createDatabase } from '../../apps/server/src/db/database.js';
import { findMembership } from '../../apps/server/src/db/repositories/domains.repository.js';
import { findPostWithTags } from '../../apps/server/src/db/repositories/posts.repository.js';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`floor-server: ${name} is required`);
  return value;
};

const db = createDatabase({
  kind: 'postgres',
  url: env('DATABASE_URL'),
  poolSize: Number(env('DATABASE_POOL_SIZE')),
  preparedStatements: process.env.DATABASE_PREPARED_STATEMENTS !== '0',
});
const email = env('FLOOR_EMAIL');
/** As the API sees the bench's user: an external provider's verified e-mail (decision 055). */
const member = { email, accountId: null, ownsEmail: true };
const POST_PATH = /^\/cms\/blogs\/info\/([0-9a-f-]{36})\?(?:.*&)?domain=([^&]+)/;

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function answer(request: IncomingMessage, response: ServerResponse) {
  if (request.url === '/readyz') return send(response, 200, { status: 'ok' });
  const match = POST_PATH.exec(request.url ?? '');
  if (request.method !== 'GET' || !match?.[1] || !match[2])
    return send(response, 404, { error: 'not found' });
  const membership = await findMembership(db, decodeURIComponent(match[2]), member);
  if (!membership) return send(response, 403, { error: 'not a member' });
  const post = await findPostWithTags(db, membership.id, match[1]);
  if (!post) return send(response, 404, { error: 'not found' });
  send(response, 200, post);
}

const server = createServer((request, response) => {
  answer(request, response).catch((error: unknown) => send(response, 500, { error: String(error) }));
});
server.listen(Number(env('PORT')), env('HOST'));
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void db.destroy();
});
