import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@masthead/contract/constants';
import type { Webhook, WebhookDelivery } from '@masthead/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Pagination } from '../../../components/ui/pagination.js';
import { formatWhen } from '../format-when.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useGetWebhookDeliveriesQuery, useRedeliverMutation } from '../api/integrations-api.js';
import { ErrorLines } from './error-lines.js';
import { ListState } from './list-state.js';

/** While a delivery on the page is pending, the log asks again this often (ms). */
const PENDING_POLL_MS = 2000;

interface WebhookDeliveriesProps {
  domain: string;
  webhook: Webhook;
  onClose: () => void;
}

/**
 * One webhook's delivery log, newest first and paged: event, status, response code, attempts and
 * when; redeliver sends an event again (same webhook-id). It follows pending deliveries by itself
 * and has a refresh button for the rest.
 */
export default function WebhookDeliveries({ domain, webhook, onClose }: WebhookDeliveriesProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [page, setPage] = useState(FIRST_PAGE);
  const [polling, setPolling] = useState(0);
  const args = { domain, id: webhook.id, page, numberOfEntries: DEFAULT_PAGE_SIZE };
  const log = useGetWebhookDeliveriesQuery(args, { pollingInterval: polling });
  const [redeliver, redelivery] = useRedeliverMutation();
  const entries = log.data?.entries ?? [];
  const pending = entries.some((delivery) => delivery.status === 'pending');

  useEffect(() => setPolling(pending ? PENDING_POLL_MS : 0), [pending]);
  // Opening the log takes the reader to it.
  useEffect(() => titleRef.current?.focus(), []);

  const when = (delivery: WebhookDelivery) => formatWhen(delivery.lastAttemptDate ?? delivery.createdDate);

  return (
    <section className="integrations__log" aria-labelledby={titleId}>
      <div className="integrations__header">
        <h3 id={titleId} ref={titleRef} tabIndex={-1} className="integrations__subtitle">
          {t('integrations.log.title', { url: webhook.url })}
        </h3>
        <div className="integrations__buttons">
          <button
            type="button"
            className="button button--secondary"
            disabled={log.isFetching}
            onClick={() => void log.refetch()}
          >
            {log.isFetching && !log.isLoading
              ? t('integrations.log.refreshing')
              : t('integrations.log.refresh')}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('integrations.log.close')}
          </button>
        </div>
      </div>
      <ListState query={log} empty={entries.length === 0} emptyText={t('integrations.log.empty')} />
      <ErrorLines error={redelivery.error} />
      {entries.length > 0 && (
        <div className="integrations__table-wrap">
          <table className="integrations-table" aria-labelledby={titleId} aria-busy={log.isFetching}>
            <thead>
              <tr>
                <th scope="col">{t('integrations.log.event')}</th>
                <th scope="col">{t('integrations.log.status')}</th>
                <th scope="col">{t('integrations.log.responseCode')}</th>
                <th scope="col">{t('integrations.log.attempt')}</th>
                <th scope="col">{t('integrations.log.time')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('integrations.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((delivery) => (
                <tr key={delivery.id}>
                  <td className="integrations__mono">{delivery.event}</td>
                  <td>
                    <span className={`integrations__status integrations__status--${delivery.status}`}>
                      {t(`integrations.log.statuses.${delivery.status}`)}
                    </span>
                    {delivery.error && <span className="integrations__hint">{delivery.error}</span>}
                  </td>
                  <td>{delivery.responseCode ?? t('integrations.log.noResponse')}</td>
                  <td>{delivery.attempt}</td>
                  <td>{when(delivery)}</td>
                  <td className="integrations-table__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t('integrations.log.redeliverOf', {
                        event: delivery.event,
                        time: when(delivery),
                      })}
                      disabled={redelivery.isLoading}
                      onClick={() => void redeliver({ domain, id: webhook.id, deliveryId: delivery.id })}
                    >
                      {t('integrations.log.redeliver')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.data && log.data.totalPages > 1 && (
        <Pagination
          page={page}
          totalPages={log.data.totalPages}
          pageSize={DEFAULT_PAGE_SIZE}
          totalEntries={log.data.totalEntries}
          label={t('integrations.log.pages')}
          onPageChange={setPage}
        />
      )}
    </section>
  );
}
