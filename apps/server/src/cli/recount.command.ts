import { listDomains } from '../db/repositories/domains.repository.js';
import { recountDomain, type CounterChange } from '../db/repositories/post-counts.repository.js';
import { parseHostName } from './arguments.js';
import type { Command } from './command.js';
import { counted, requireKnownDomain } from './known-domain.js';

const statusOf = (change: CounterChange) =>
  change.published ? 'published' : change.approved ? 'approved' : 'draft';

/** 'draft {"client":"Acme"}: 12 → 13' */
function describeChange(change: CounterChange) {
  const values = Object.keys(change.filterValues).length > 0 ? ` ${JSON.stringify(change.filterValues)}` : '';
  return `${statusOf(change)}${values}: ${change.before} → ${change.after}`;
}

export const recountCommand: Command = {
  name: 'recount',
  synopsis: '[--domain <domain>]',
  summary: "recompute the post counters behind the lists' totals",
  description: [
    'Recomputes the post counters from the posts and prints every counter that was wrong. The',
    'post lists take their totals from these counters, which every write keeps in its own',
    'transaction, so this should find nothing; it is there in case of doubt (after restoring a',
    'partial backup, say). Each domain is recounted in a transaction of its own, during which its',
    'post writes wait: about a second per 400,000 posts.',
  ].join('\n'),
  positionals: [],
  options: {
    domain: { type: 'string', valueName: 'domain', description: 'recount this domain only' },
  },
  prepare({ values }) {
    const host = typeof values.domain === 'string' ? parseHostName(values.domain, 'recount') : undefined;
    return async ({ db, out }) => {
      const domains = host ? [await requireKnownDomain(db, host)] : await listDomains(db);
      let wrong = 0;
      for (const domain of domains) {
        const changes = await db.transaction().execute((trx) => recountDomain(trx, domain.id));
        wrong += changes.length;
        for (const change of changes) out.line(`${domain.domain}: ${describeChange(change)}`);
      }
      const scope = counted(domains.length, 'domain');
      out.line(
        wrong === 0
          ? `Recounted ${scope}: every counter was right.`
          : `Recounted ${scope}: corrected ${counted(wrong, 'counter')}.`,
      );
    };
  },
};
