import { findDomainSettings } from '../db/repositories/domains.repository.js';
import { isPostUrlPattern } from '../lib/post-url.js';
import { isPreviewUrlPattern } from '@masthead/contract';
import { setDomainSettings } from '../services/domain-settings.service.js';
import { parseHostName } from './arguments.js';
import { cliActor } from './cli-actor.js';
import { UsageError } from './cli-error.js';
import type { Command } from './command.js';
import { requireKnownDomain } from './known-domain.js';

/** What `--post-url` takes to clear the pattern: a word, since an empty argument is easy to lose in a script. */
export const NO_POST_URL = 'none';

function parsePostUrl(value: string): string | null {
  const pattern = value.trim();
  if (pattern === NO_POST_URL) return null;
  if (!isPostUrlPattern(pattern)) {
    throw new UsageError(
      `'${value}' is not a post address pattern: give an http(s) address with {slug} after the host, ` +
        `such as https://blog.example.com/posts/{slug}, or '${NO_POST_URL}'`,
      'domain set',
    );
  }
  return pattern;
}

function parsePreviewUrl(value: string): string | null {
  const pattern = value.trim();
  if (pattern === NO_POST_URL) return null;
  if (!isPreviewUrlPattern(pattern)) {
    throw new UsageError(
      `'${value}' is not a preview address pattern: give an http(s) address with {token} after the host ` +
        `(and, if wanted, {slug}, {id} or {locale}, no other braces), such as ` +
        `https://blog.example.com/preview?token={token}, or '${NO_POST_URL}'`,
      'domain set',
    );
  }
  return pattern;
}

function parseOnOff(value: string): boolean {
  const word = value.trim().toLowerCase();
  if (word === 'on') return true;
  if (word === 'off') return false;
  throw new UsageError(`'${value}' is not on or off`, 'domain set');
}

export const domainSetCommand: Command = {
  name: 'domain set',
  synopsis: '<domain> [--post-url <pattern>] [--public-feeds on|off] [--preview-url <pattern>]',
  summary: "set a domain's post address pattern, whether its feeds are public, and its preview address",
  description:
    'Sets what the delivery API and the feeds show of the domain. --post-url is the address of a post\n' +
    'on the website, with {slug} where its slug goes, such as https://blog.example.com/posts/{slug};\n' +
    `'${NO_POST_URL}' clears it (posts then have no url, and the feeds answer 409). --public-feeds on lets\n` +
    "anyone read the RSS, Atom and sitemap files without a content key. --preview-url is the website's\n" +
    'preview route, with {token} (and optionally {slug}, {id}, {locale}), such as\n' +
    `https://blog.example.com/preview?token={token}; '${NO_POST_URL}' clears it (previews then open Masthead's own\n` +
    "page). Running servers allow its origin in the editor's live preview within 30 seconds. Give any of\n" +
    'the options; the other settings stay as they are.',
  positionals: ['domain'],
  options: {
    'post-url': {
      type: 'string',
      valueName: `pattern|${NO_POST_URL}`,
      description: 'the post address pattern, with {slug}',
    },
    'public-feeds': { type: 'string', valueName: 'on|off', description: 'whether the feeds need no key' },
    'preview-url': {
      type: 'string',
      valueName: `pattern|${NO_POST_URL}`,
      description: "the website's preview address, with {token}",
    },
  },
  prepare({ positionals: [rawHost = ''], values }) {
    const host = parseHostName(rawHost, 'domain set');
    const rawPostUrl = values['post-url'] as string | undefined;
    const rawFeeds = values['public-feeds'] as string | undefined;
    const rawPreviewUrl = values['preview-url'] as string | undefined;
    if (rawPostUrl === undefined && rawFeeds === undefined && rawPreviewUrl === undefined)
      throw new UsageError('give --post-url, --public-feeds, --preview-url or several', 'domain set');
    const postUrl = rawPostUrl === undefined ? undefined : parsePostUrl(rawPostUrl);
    const publicFeeds = rawFeeds === undefined ? undefined : parseOnOff(rawFeeds);
    const previewUrl = rawPreviewUrl === undefined ? undefined : parsePreviewUrl(rawPreviewUrl);
    return async ({ db, out }) => {
      const settings = await db.transaction().execute(async (trx) => {
        const domain = await requireKnownDomain(trx, host);
        const current = await findDomainSettings(trx, domain.id, { forUpdate: true });
        const updated = await setDomainSettings(trx, domain.id, cliActor(), {
          postUrl: postUrl === undefined ? (current?.post_url ?? null) : postUrl,
          publicFeeds: publicFeeds ?? current?.public_feeds ?? false,
          previewUrl,
        });
        return { domain: domain.domain, ...updated };
      });
      out.line(`${settings.domain}:`);
      out.line(`  post address  ${settings.post_url ?? NO_POST_URL}`);
      out.line(`  public feeds  ${settings.public_feeds ? 'on' : 'off'}`);
      out.line(`  preview       ${settings.preview_url ?? `${NO_POST_URL} (Masthead's own page)`}`);
    };
  },
};
