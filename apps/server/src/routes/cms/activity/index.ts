import {
  ACTIVITY_KIND_MESSAGE,
  ActivityEntry,
  ActivityPeople,
  ActivityQuery,
  DomainQuery,
  Paged,
  activityKindsOf,
  type ActivityEntry as ActivityEntryType,
} from '@masthead/contract';
import type { FastifyInstance } from 'fastify';
import {
  countActivity,
  listActivityPage,
  listActivityPeople,
  type ActivityListRow,
} from '../../../db/repositories/activity.repository.js';
import { badRequest } from '../../../lib/app-error.js';
import { requireDomain } from '../../../services/access.js';
import { errorResponses, security } from '../../route-schemas.js';

const tags = ['activity'];

/** Totals are exact up to this many rows; above it they are a bound (decision 048). */
export const EXACT_ACTIVITY_TOTAL = 10_000;
/** The person filter lists at most this many people. */
const MAX_PEOPLE = 500;

const toEntry = (row: ActivityListRow): ActivityEntryType => ({
  id: row.id,
  date: row.at.toISOString(),
  actor: { email: row.actor_email, name: row.actor_name },
  kind: row.kind,
  objectId: row.object_id,
  objectLabel: row.object_label,
  before: row.before ?? null,
  after: row.after ?? null,
});

/** The domain's audit trail (issue 22), for its admins. */
export default async function activityRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ActivityQuery }>(
    '/activity',
    {
      schema: {
        tags,
        summary: "A page of the domain's activity, newest first (admins)",
        description:
          'Every change made through the API or the command line adds a row in its own transaction; ' +
          "rows are never changed. `email` keeps one person's changes (`system` for scheduled " +
          'publishing, `cli` for the command line); `kind` keeps one kind (`post.published`) or every ' +
          `kind of an object (\`post\`). totalEntries is exact up to ${EXACT_ACTIVITY_TOTAL}; above it, ` +
          'totalEntriesIsEstimate is true and the total is a lower bound that always covers the next page.',
        security,
        querystring: ActivityQuery,
        response: { 200: Paged(ActivityEntry), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { domain, page, numberOfEntries, email, kind } = request.query;
      const access = await requireDomain(app.db, request, domain, 'manageDomain');
      const kinds = kind === undefined ? undefined : activityKindsOf(kind.trim());
      if (kinds === null) throw badRequest([`kind: ${ACTIVITY_KIND_MESSAGE}`]);
      const filter = {
        ...(email !== undefined ? { email: email.trim().toLowerCase() } : {}),
        ...(kinds !== undefined ? { kinds } : {}),
      };
      const offset = page * numberOfEntries;
      // Counted one past the page, so a bound total still shows there is a next page.
      const bound = Math.max(EXACT_ACTIVITY_TOTAL, offset + numberOfEntries + 1);
      const [rows, total] = await Promise.all([
        listActivityPage(app.db, access.id, filter, { limit: numberOfEntries, offset }),
        countActivity(app.db, access.id, filter, bound),
      ]);
      return {
        entries: rows.map(toEntry),
        totalPages: Math.ceil(total / numberOfEntries),
        currentPage: page,
        totalEntries: total,
        totalEntriesIsEstimate: total >= bound,
      };
    },
  );

  app.get<{ Querystring: DomainQuery }>(
    '/activity/people',
    {
      schema: {
        tags,
        summary: "Everyone in the domain's activity, for the person filter (admins)",
        description: `By e-mail, each with the name of their latest change; at most ${MAX_PEOPLE}. Includes former members.`,
        security,
        querystring: DomainQuery,
        response: { 200: ActivityPeople, ...errorResponses(400) },
      },
    },
    async (request) => {
      const access = await requireDomain(app.db, request, request.query.domain, 'manageDomain');
      return listActivityPeople(app.db, access.id, MAX_PEOPLE);
    },
  );
}
