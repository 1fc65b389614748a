import type { Webhook } from '@masthead/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';
import {
  useDeleteWebhookMutation,
  useGetWebhooksQuery,
  useTestWebhookMutation,
} from '../api/integrations-api.js';
import { ErrorLines } from './error-lines.js';
import { ListState } from './list-state.js';

// The form, the confirmation and the delivery log load when they are first opened.
const WebhookDialog = lazy(() => import('./webhook-dialog.js'));
const ConfirmRemoval = lazy(() => import('./confirm-removal.js'));
const WebhookDeliveries = lazy(() => import('./webhook-deliveries.js'));

type Editing = { webhook?: Webhook } | undefined;

/**
 * The domain's webhooks: address, events and whether it is on; create and edit (the signing
 * secret is shown once, at creation), send a test event, delete after a confirmation, and the
 * delivery log of one webhook below the table.
 */
export function WebhooksSection({ domain }: { domain: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useGetWebhooksQuery({ domain });
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<Webhook>();
  const [logOf, setLogOf] = useState<string>();
  const [remove, removal] = useDeleteWebhookMutation();
  const [test, testing] = useTestWebhookMutation();
  const webhooks = list.data ?? [];
  const logWebhook = webhooks.find((webhook) => webhook.id === logOf);

  function closeDelete() {
    setDeleting(undefined);
    removal.reset();
  }

  async function confirmDelete(webhook: Webhook) {
    const result = await remove({ domain, id: webhook.id });
    if ('error' in result) return;
    closeDelete();
    if (logOf === webhook.id) setLogOf(undefined);
  }

  async function sendTest(webhook: Webhook) {
    const result = await test({ domain, id: webhook.id });
    // The log shows the queued ping and follows it until the receiver answered.
    if (!('error' in result)) setLogOf(webhook.id);
  }

  return (
    <section className="integrations__section" aria-labelledby={titleId}>
      <div className="integrations__header">
        <h2 id={titleId} className="integrations__title">
          {t('integrations.webhooks.title')}
        </h2>
        <button type="button" className="button button--primary" onClick={() => setEditing({})}>
          {t('integrations.webhooks.add')}
        </button>
      </div>
      <p className="integrations__hint">{t('integrations.webhooks.description')}</p>
      <ListState query={list} empty={webhooks.length === 0} emptyText={t('integrations.webhooks.empty')} />
      {testing.isSuccess && (
        <p className="integrations__notice" role="status">
          {t('integrations.webhooks.testQueued')}
        </p>
      )}
      <ErrorLines error={testing.error} />
      {webhooks.length > 0 && (
        <div className="integrations__table-wrap">
          <table className="integrations-table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{t('integrations.webhooks.url')}</th>
                <th scope="col">{t('integrations.webhooks.events')}</th>
                <th scope="col">{t('integrations.webhooks.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('integrations.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {webhooks.map((webhook) => (
                <tr key={webhook.id}>
                  <td className="integrations-table__strong integrations-table__url">
                    {webhook.url}
                    {webhook.description && <span className="integrations__hint">{webhook.description}</span>}
                  </td>
                  <td className="integrations__mono">{webhook.events.join(', ')}</td>
                  <td>{t(webhook.active ? 'integrations.webhooks.on' : 'integrations.webhooks.off')}</td>
                  <td className="integrations-table__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t('integrations.webhooks.deliveriesOf', { url: webhook.url })}
                      aria-expanded={logOf === webhook.id}
                      onClick={() => setLogOf(logOf === webhook.id ? undefined : webhook.id)}
                    >
                      {t('integrations.webhooks.deliveries')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t('integrations.webhooks.testOf', { url: webhook.url })}
                      disabled={testing.isLoading}
                      onClick={() => void sendTest(webhook)}
                    >
                      {t('integrations.webhooks.test')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t('integrations.webhooks.editOf', { url: webhook.url })}
                      onClick={() => setEditing({ webhook })}
                    >
                      {t('common.edit')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t('integrations.webhooks.deleteOf', { url: webhook.url })}
                      onClick={() => setDeleting(webhook)}
                    >
                      {t('common.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Suspense>
        {logWebhook && (
          <WebhookDeliveries
            key={logWebhook.id}
            domain={domain}
            webhook={logWebhook}
            onClose={() => setLogOf(undefined)}
          />
        )}
        {editing && (
          <WebhookDialog domain={domain} webhook={editing.webhook} onClose={() => setEditing(undefined)} />
        )}
        {deleting && (
          <ConfirmRemoval
            title={t('integrations.webhooks.deleteTitle')}
            text={t('integrations.webhooks.deleteText', { url: deleting.url })}
            confirmLabel={t('common.delete')}
            busy={removal.isLoading}
            error={removal.error}
            onCancel={closeDelete}
            onConfirm={() => void confirmDelete(deleting)}
          />
        )}
      </Suspense>
    </section>
  );
}
