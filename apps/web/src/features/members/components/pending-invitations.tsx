import type { Invitation } from '@masthead/contract';
import { formatTableDate } from '../../../lib/format-table-date.js';
import { useTranslation } from '../../../lib/use-translation.js';

interface PendingInvitationsProps {
  invitations: Invitation[];
  busyId: string | undefined;
  now: number;
  onRenew: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
}

/**
 * Invitations not yet accepted: a new link to copy, or to e-mail again with a mail server (the old
 * one stops working), or revoke.
 */
export function PendingInvitations({ invitations, busyId, now, onRenew, onRevoke }: PendingInvitationsProps) {
  const { t } = useTranslation();
  return (
    <section className="members__section" aria-labelledby="members-invitations-title">
      <h2 id="members-invitations-title" className="members__heading">
        {t('members.invitations.title')}
      </h2>
      <div className="members-table__scroll">
        <table className="members-table">
          <thead>
            <tr>
              <th scope="col">{t('members.columns.email')}</th>
              <th scope="col">{t('members.columns.role')}</th>
              <th scope="col">{t('members.invitations.expires')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('members.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((invitation) => {
              const busy = busyId === invitation.id;
              const expired = Date.parse(invitation.expiresDate) <= now;
              return (
                <tr key={invitation.id}>
                  <th scope="row" data-label={t('members.columns.email')}>
                    {invitation.email}
                  </th>
                  <td data-label={t('members.columns.role')}>{t(`members.roles.${invitation.role}`)}</td>
                  <td data-label={t('members.invitations.expires')}>
                    {expired ? t('members.invitations.expired') : formatTableDate(invitation.expiresDate)}
                  </td>
                  <td className="members-table__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      aria-label={t(
                        invitation.emailed ? 'members.invitations.resendOf' : 'members.invitations.renewOf',
                        { email: invitation.email },
                      )}
                      onClick={() => onRenew(invitation)}
                    >
                      {t(invitation.emailed ? 'members.invitations.resend' : 'members.invitations.renew')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      aria-label={t('members.invitations.revokeOf', { email: invitation.email })}
                      onClick={() => onRevoke(invitation)}
                    >
                      {t('members.invitations.revoke')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
