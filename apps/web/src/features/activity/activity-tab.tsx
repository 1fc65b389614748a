import type { ActivityEntry } from '@masthead/contract';
import { ACTIVITY_KINDS, ACTIVITY_OBJECTS } from '@masthead/contract/activity-kinds';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@masthead/contract/constants';
import { useEffect, useId, useState } from 'react';
import { Pagination } from '../../components/ui/pagination.js';
import { useTranslation } from '../../lib/use-translation.js';
import { useGetActivityPageQuery, useGetActivityPeopleQuery } from './activity-api.js';
import { activitySentence, actorName, settingChanges } from './activity-words.js';
import './activity.css';

/**
 * The Activity tab (issue 22): the domain's audit trail, newest first, one sentence per change
 * ("Ana Lima published 'Hello world'"), filtered by person and by kind, paged. Admins only; the
 * server refuses anyone else.
 */
export default function ActivityTab({ domain }: { domain: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const personId = useId();
  const kindId = useId();
  const [page, setPage] = useState(FIRST_PAGE);
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState('');
  // Changes made elsewhere since the tab last showed: always ask again when it opens.
  const list = useGetActivityPageQuery(
    { domain, page, numberOfEntries: DEFAULT_PAGE_SIZE, email: email || undefined, kind: kind || undefined },
    { refetchOnMountOrArgChange: true },
  );
  const people = useGetActivityPeopleQuery(domain, { refetchOnMountOrArgChange: true });
  const totalPages = list.data?.totalPages ?? 0;

  useEffect(() => {
    if (!list.data?.totalEntriesIsEstimate && totalPages > 0 && page > totalPages - 1)
      setPage(totalPages - 1);
  }, [list.data?.totalEntriesIsEstimate, totalPages, page]);

  let content;
  if (list.isLoading || (list.isFetching && !list.data)) {
    content = (
      <p className="activity__state" role="status">
        {t('activity.loading')}
      </p>
    );
  } else if (list.isError && !list.data) {
    content = (
      <div className="activity__state" role="alert">
        <p>{t('activity.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (!list.data || list.data.entries.length === 0) {
    content = (
      <div className="activity__state">
        <p className="activity__empty-title">{t('activity.empty')}</p>
        {(email || kind) && <p>{t('activity.emptyFiltered')}</p>}
      </div>
    );
  } else {
    content = (
      <ol className="activity__list" aria-labelledby={titleId} aria-busy={list.isFetching || undefined}>
        {list.data.entries.map((entry) => (
          <ActivityRow key={entry.id} entry={entry} />
        ))}
      </ol>
    );
  }

  return (
    <section className="activity" aria-labelledby={titleId}>
      <h2 id={titleId} className="activity__title">
        {t('activity.heading')}
      </h2>
      <div className="activity__filters">
        <div className="activity__filter">
          <label htmlFor={personId}>{t('activity.filters.person')}</label>
          <select
            id={personId}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setPage(FIRST_PAGE);
            }}
          >
            <option value="">{t('activity.filters.everyone')}</option>
            {(people.data ?? []).map((person) => (
              <option key={person.email} value={person.email}>
                {person.email === 'system' || person.email === 'cli'
                  ? actorName(person, t)
                  : person.name && person.name !== person.email
                    ? `${person.name} (${person.email})`
                    : person.email}
              </option>
            ))}
          </select>
        </div>
        <div className="activity__filter">
          <label htmlFor={kindId}>{t('activity.filters.kind')}</label>
          <select
            id={kindId}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value);
              setPage(FIRST_PAGE);
            }}
          >
            <option value="">{t('activity.filters.everything')}</option>
            {ACTIVITY_OBJECTS.map((object) => (
              <optgroup key={object} label={t(`activity.objects.${object}`)}>
                <option value={object}>
                  {t('activity.filters.allOf', { object: t(`activity.objects.${object}`) })}
                </option>
                {ACTIVITY_KINDS.filter((name) => name.startsWith(`${object}.`)).map((name) => (
                  <option key={name} value={name}>
                    {t(`activity.kinds.${name}`)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {list.data ? t('activity.resultsAnnounced', { count: list.data.totalEntries }) : ''}
      </p>
      {content}
      {list.data && (
        <Pagination
          page={page}
          totalPages={totalPages}
          pageSize={DEFAULT_PAGE_SIZE}
          totalEntries={list.data.totalEntries}
          totalIsEstimate={list.data.totalEntriesIsEstimate}
          entriesOnPage={list.data.entries.length}
          onPageChange={setPage}
          label={t('activity.pagination')}
        />
      )}
    </section>
  );
}

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation();
  const changes = settingChanges(entry, t);
  return (
    <li className="activity__entry">
      <p className="activity__sentence">{activitySentence(entry, t)}</p>
      <p className="activity__meta">
        <time dateTime={entry.date}>{t('activity.when', { date: new Date(entry.date) })}</time>
        {entry.actor.email !== 'system' && entry.actor.email !== 'cli' && (
          <span className="activity__email">{entry.actor.email}</span>
        )}
      </p>
      {changes.length > 0 && (
        <dl className="activity__changes">
          {changes.map((change) => (
            <div key={change.name} className="activity__change">
              <dt>{t(`activity.settings.${change.name}`, { defaultValue: change.name })}</dt>
              <dd>{t('activity.changedFromTo', { before: change.before, after: change.after })}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
