import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A website of a domain, as a customer would host it elsewhere: a tiny node:http server on
 * 127.0.0.1 (its own port, so its own origin) whose one page reads the domain's published posts
 * from the Masthead server with `fetch` and a content key, and lists their titles, or says it
 * could not. `headerKey` sends the key as Authorization: Bearer (a preflighted request) rather
 * than in ?key=.
 */
export interface WebsiteSettings {
  api: string;
  key: string;
  search: string;
  headerKey?: boolean;
}

function websitePage(options: WebsiteSettings) {
  // JSON in a script: "<" escaped, so that no value can close the element.
  const settings = JSON.stringify(options).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>A customer website</title></head>
  <body>
    <main>
      <h1>Latest posts</h1>
      <p id="status" role="status">Loading…</p>
      <ul id="posts"></ul>
    </main>
    <script>
      const settings = ${settings};
      const status = document.getElementById('status');
      const params = new URLSearchParams({ search: settings.search });
      if (!settings.headerKey) params.set('key', settings.key);
      fetch(settings.api + '/api/v1/posts?' + params, {
        headers: settings.headerKey ? { authorization: 'Bearer ' + settings.key } : {},
      })
        .then((response) => {
          if (!response.ok) throw new Error('HTTP ' + response.status);
          return response.json();
        })
        .then((body) => {
          for (const post of body.posts) {
            const item = document.createElement('li');
            item.textContent = post.title;
            document.getElementById('posts').append(item);
          }
          status.textContent = body.posts.length + ' posts';
        })
        .catch((error) => (status.textContent = 'Could not load the posts: ' + error.message));
    </script>
  </body>
</html>`;
}

/** Starts the website; its page reads with the settings given to `show` (its origin comes first). */
export async function startWebsite() {
  let settings: WebsiteSettings | undefined;
  const server: Server = createServer((_request, response) => {
    response.writeHead(settings ? 200 : 503, { 'content-type': 'text/html; charset=utf-8' });
    response.end(settings ? websitePage(settings) : 'not ready');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    show: (next: WebsiteSettings) => (settings = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
