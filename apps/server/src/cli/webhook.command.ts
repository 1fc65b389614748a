import { WEBHOOK_EVENTS } from '@masthead/contract';
import { findWebhook, listDeliveries, listWebhooks } from '../db/repositories/webhooks.repository.js';
import { AppError } from '../lib/app-error.js';
import { resolverLookup, WEBHOOK_DNS_TIMEOUT_MS } from '../lib/webhook-resolver.js';
import { loadWebhookSecrets } from '../lib/webhook-secrets.js';
import { checkWebhookInput, createWebhook, removeWebhook } from '../services/webhooks.service.js';
import { cliActor } from './cli-actor.js';
import { parseHostName } from './arguments.js';
import { InputError, UsageError } from './cli-error.js';
import type { Command, CommandGroup } from './command.js';
import { formatTable } from './format-table.js';
import { requireKnownDomain } from './known-domain.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How many deliveries `webhook deliveries` prints, newest first. */
const DELIVERIES_SHOWN = 50;

function parseId(raw: string, command: string) {
  const id = raw.trim().toLowerCase();
  if (!UUID.test(id))
    throw new UsageError(`'${raw}' is not a webhook id (see 'masthead webhook list')`, command);
  return id;
}

const add: Command = {
  name: 'webhook add',
  synopsis: '<domain> <url> --events <event,event...> [--description <text>]',
  summary: 'register a webhook; prints its signing secret',
  description:
    'Registers a webhook that receives the events named, signed the Standard Webhooks way\n' +
    '(docs/webhooks.md). The URL must be https (http with WEBHOOK_ALLOW_HTTP=1), name a port\n' +
    'WEBHOOK_PORTS allows (443, 80, 8443), and its host must resolve to public addresses (unless\n' +
    'WEBHOOK_ALLOW_PRIVATE=1). A domain has at most WEBHOOK_MAX_PER_DOMAIN webhooks (50). The\n' +
    'signing secret is printed alone on the last line, this once.\n' +
    `Events: ${WEBHOOK_EVENTS.join(', ')}.`,
  positionals: ['domain', 'url'],
  options: {
    events: { type: 'string', valueName: 'event,event...', description: 'the events to send (required)' },
    description: { type: 'string', valueName: 'text', description: 'what the webhook is for' },
  },
  async prepare({ positionals: [rawHost = '', url = ''], values }, { env }) {
    const host = parseHostName(rawHost, 'webhook add');
    const events = String(values.events ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (events.length === 0) throw new UsageError('missing --events <event,event...>', 'webhook add');
    const policy = {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      allowHttp: env.WEBHOOK_ALLOW_HTTP,
      ports: env.WEBHOOK_PORTS,
      lookup: resolverLookup({ timeoutMs: WEBHOOK_DNS_TIMEOUT_MS }),
    };
    const checked = await checkWebhookInput(
      { url, events, description: (values.description as string | undefined) ?? '' },
      policy,
    );
    if (!checked.ok) throw new UsageError(checked.errors[0] ?? 'the webhook is not valid', 'webhook add');
    return async ({ db, out }) => {
      const domain = await requireKnownDomain(db, host);
      const secrets = await loadWebhookSecrets(env.WEBHOOK_SECRETS_KEY, env.DATA_DIR);
      const created = await createWebhook(
        db,
        secrets,
        domain.id,
        cliActor(),
        checked.values,
        env.WEBHOOK_MAX_PER_DOMAIN,
      ).catch((error: unknown) => {
        // Past the cap: the operator can fix it (remove one, or raise WEBHOOK_MAX_PER_DOMAIN).
        if (error instanceof AppError && error.statusCode === 409) throw new InputError(error.errors[0]!);
        throw error;
      });
      out.line(`Created the webhook ${created.id} for ${domain.domain}: ${created.url}`);
      out.line(`Events: ${created.events.join(', ')}`);
      out.note('Copy the signing secret now: it is shown this once.');
      out.line(created.secret);
    };
  },
};

const list: Command = {
  name: 'webhook list',
  synopsis: '<domain>',
  summary: "list a domain's webhooks (never their secrets)",
  description:
    'Prints one line per webhook of the domain: its id, URL, events, whether it is on, and when it was created.',
  positionals: ['domain'],
  options: {},
  prepare({ positionals: [rawHost = ''] }) {
    const host = parseHostName(rawHost, 'webhook list');
    return async ({ db, out }) => {
      const domain = await requireKnownDomain(db, host);
      const hooks = await listWebhooks(db, domain.id);
      if (hooks.length === 0) {
        out.note(`${domain.domain} has no webhooks; register one with 'masthead webhook add'.`);
        return;
      }
      const rows = hooks.map((hook) => [
        hook.id,
        hook.url,
        hook.events.join(','),
        hook.active ? 'on' : 'off',
        hook.created_at.toISOString(),
        hook.description || '-',
      ]);
      for (const line of formatTable([['ID', 'URL', 'EVENTS', 'ACTIVE', 'CREATED', 'DESCRIPTION'], ...rows]))
        out.line(line);
    };
  },
};

const remove: Command = {
  name: 'webhook remove',
  synopsis: '<domain> <id>',
  summary: 'remove a webhook and its deliveries',
  description: 'Deletes the webhook with this id (see masthead webhook list); nothing more is sent to it.',
  positionals: ['domain', 'id'],
  options: {},
  prepare({ positionals: [rawHost = '', rawId = ''] }) {
    const host = parseHostName(rawHost, 'webhook remove');
    const id = parseId(rawId, 'webhook remove');
    return async ({ db, out }) => {
      const domain = await requireKnownDomain(db, host);
      if (!(await removeWebhook(db, domain.id, cliActor(), id)))
        throw new InputError(`${domain.domain} has no webhook ${id}`);
      out.line(`Removed the webhook ${id} of ${domain.domain}.`);
    };
  },
};

const deliveries: Command = {
  name: 'webhook deliveries',
  synopsis: '<domain> <id>',
  summary: "list a webhook's latest deliveries",
  description:
    `Prints the webhook's ${DELIVERIES_SHOWN} latest deliveries, newest first: when, the event, its\n` +
    'status, the attempts so far, the answer code, the duration, the next attempt and the error.',
  positionals: ['domain', 'id'],
  options: {},
  prepare({ positionals: [rawHost = '', rawId = ''] }) {
    const host = parseHostName(rawHost, 'webhook deliveries');
    const id = parseId(rawId, 'webhook deliveries');
    return async ({ db, out }) => {
      const domain = await requireKnownDomain(db, host);
      if (!(await findWebhook(db, domain.id, id)))
        throw new InputError(`${domain.domain} has no webhook ${id}`);
      const { rows, total } = await listDeliveries(db, id, { limit: DELIVERIES_SHOWN, offset: 0 });
      if (rows.length === 0) {
        out.note(`The webhook ${id} has no deliveries yet.`);
        return;
      }
      const table = rows.map((row) => [
        row.created_at.toISOString(),
        row.type,
        row.status,
        String(row.attempt),
        row.response_code === null ? '-' : String(row.response_code),
        row.duration_ms === null ? '-' : `${row.duration_ms} ms`,
        row.status === 'pending' ? row.next_attempt_at.toISOString() : '-',
        row.error ?? '-',
      ]);
      const header = ['CREATED', 'EVENT', 'STATUS', 'ATTEMPT', 'CODE', 'DURATION', 'NEXT ATTEMPT', 'ERROR'];
      for (const line of formatTable([header, ...table])) out.line(line);
      if (total > rows.length) out.note(`${total - rows.length} older deliveries are not shown.`);
    };
  },
};

export const webhookCommands: CommandGroup = {
  name: 'webhook',
  summary: "Manages a domain's webhooks: signed notices of changes sent to its website",
  commands: [add, list, remove, deliveries],
};
