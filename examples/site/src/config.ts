import { Webhook } from 'standardwebhooks';
import type { SiteOptions } from './site.js';

/** The site's settings from its environment (.env.example lists them). */
export const VARIABLES = {
  MASTHEAD_URL: "Masthead's address, e.g. https://cms.example.com",
  MASTHEAD_KEY: 'a content key of the domain (mhk_…): npm run masthead -- key add <domain>',
  MASTHEAD_DOMAIN: "the domain's host name in Masthead, e.g. blog.example.com (for the feeds)",
  MASTHEAD_WEBHOOK_SECRET: "the webhook's signing secret (whsec_…): npm run masthead -- webhook add …",
  PORT: 'the port to listen on (default 4000)',
  HOST: 'the address to listen on (default 127.0.0.1)',
  SITE_TITLE: "the blog's name (default: Masthead example blog)",
  MASTHEAD_APP_URL:
    "the address of Masthead's web app when it is not MASTHEAD_URL: it may show /preview in its live preview pane",
} as const;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function httpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The site's options from the environment, checked once: a ConfigError names every variable that
 * is missing or wrong, with what it should be.
 */
export function configFromEnvironment(env: Record<string, string | undefined>): SiteOptions {
  const problems: string[] = [];
  const value = (name: keyof typeof VARIABLES) => env[name]?.trim() ?? '';
  const required = (name: keyof typeof VARIABLES, check: (text: string) => boolean, what: string) => {
    const text = value(name);
    if (!text) problems.push(`${name} is missing: ${VARIABLES[name]}`);
    else if (!check(text)) problems.push(`${name} ${what}`);
    return text;
  };

  const mastheadUrl = required('MASTHEAD_URL', (t) => httpUrl(t) !== null, 'must be an http(s) URL');
  const key = required('MASTHEAD_KEY', (t) => /^mhk_\S+$/.test(t), 'must be a content key (mhk_…)');
  const domain = required(
    'MASTHEAD_DOMAIN',
    (t) => /^[a-z0-9.-]+(:\d+)?$/i.test(t),
    'must be a host name, as Masthead lists the domain (no scheme or path)',
  );
  const webhookSecret = required(
    'MASTHEAD_WEBHOOK_SECRET',
    (t) => {
      if (!t.startsWith('whsec_')) return false;
      try {
        new Webhook(t);
        return true;
      } catch {
        return false;
      }
    },
    'must be a webhook signing secret (whsec_…)',
  );
  const portText = value('PORT') || '4000';
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65535)) problems.push('PORT must be a port number (0–65535)');
  const appUrl = value('MASTHEAD_APP_URL');
  if (appUrl && !httpUrl(appUrl)) problems.push('MASTHEAD_APP_URL must be an http(s) URL');

  if (problems.length > 0)
    throw new ConfigError(
      `The example site cannot start; set these variables (examples/site/.env.example):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  return {
    mastheadUrl,
    key,
    domain,
    webhookSecret,
    port,
    host: value('HOST') || '127.0.0.1',
    ...(value('SITE_TITLE') ? { title: value('SITE_TITLE') } : {}),
    ...(appUrl ? { frameAncestors: [httpUrl(appUrl)!.origin] } : {}),
  };
}
