import type { ContentKey } from '@masthead/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { formatWhen } from '../format-when.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useGetContentKeysQuery, useRevokeContentKeyMutation } from '../api/integrations-api.js';
import { ListState } from './list-state.js';

// The dialogs load when they first open (the tab's first chunk stays small).
const ContentKeyDialog = lazy(() => import('./content-key-dialog.js'));
const ConfirmRemoval = lazy(() => import('./confirm-removal.js'));

/**
 * The domain's content keys for the delivery API: name, the key's first characters, the origins
 * that may read with it from a browser, created and last used; create (the key is shown once) and
 * revoke (after a confirmation).
 */
export function ContentKeysSection({ domain }: { domain: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useGetContentKeysQuery({ domain });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ContentKey>();
  const [revoke, revocation] = useRevokeContentKeyMutation();
  const keys = list.data ?? [];

  function closeRevoke() {
    setRevoking(undefined);
    revocation.reset();
  }

  async function confirmRevoke(key: ContentKey) {
    const result = await revoke({ domain, id: key.id });
    if (!('error' in result)) closeRevoke();
  }

  return (
    <section className="integrations__section" aria-labelledby={titleId}>
      <div className="integrations__header">
        <h2 id={titleId} className="integrations__title">
          {t('integrations.keys.title')}
        </h2>
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          {t('integrations.keys.add')}
        </button>
      </div>
      <p className="integrations__hint">{t('integrations.keys.description')}</p>
      <ListState query={list} empty={keys.length === 0} emptyText={t('integrations.keys.empty')} />
      {keys.length > 0 && (
        <div className="integrations__table-wrap">
          <table className="integrations-table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{t('integrations.keys.name')}</th>
                <th scope="col">{t('integrations.keys.key')}</th>
                <th scope="col">{t('integrations.keys.origins')}</th>
                <th scope="col">{t('integrations.created')}</th>
                <th scope="col">{t('integrations.keys.lastUsed')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('integrations.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <td className="integrations-table__strong">{key.name}</td>
                  <td className="integrations__mono">{key.keyStart}…</td>
                  <td>
                    {key.origins.length > 0 ? key.origins.join(', ') : t('integrations.keys.noOrigins')}
                  </td>
                  <td>{formatWhen(key.createdDate)}</td>
                  <td>
                    {key.lastUsedDate ? formatWhen(key.lastUsedDate) : t('integrations.keys.neverUsed')}
                  </td>
                  <td className="integrations-table__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t('integrations.keys.revokeNamed', { name: key.name })}
                      onClick={() => setRevoking(key)}
                    >
                      {t('integrations.keys.revoke')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Suspense>
        {creating && <ContentKeyDialog domain={domain} onClose={() => setCreating(false)} />}
        {revoking && (
          <ConfirmRemoval
            title={t('integrations.keys.revokeTitle')}
            text={t('integrations.keys.revokeText', { name: revoking.name })}
            confirmLabel={t('integrations.keys.revoke')}
            busy={revocation.isLoading}
            error={revocation.error}
            onCancel={closeRevoke}
            onConfirm={() => void confirmRevoke(revoking)}
          />
        )}
      </Suspense>
    </section>
  );
}
