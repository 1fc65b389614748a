import type { Member, Role } from '@masthead/contract';
import { formatTableDate } from '../../../lib/format-table-date.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { ROLES } from '@masthead/contract/roles';

interface MembersTableProps {
  members: Member[];
  /** The e-mail whose change is being saved: its controls wait. */
  busyEmail: string | undefined;
  onRoleChange: (member: Member, role: Role) => void;
  onRemove: (member: Member) => void;
}

/**
 * One row per member: name, e-mail, a role dropdown, added, last sign-in and Remove. A membership
 * whose account has not confirmed the address says so (decision 055).
 */
export function MembersTable({ members, busyEmail, onRoleChange, onRemove }: MembersTableProps) {
  const { t } = useTranslation();
  const waiting = members.some((member) => !member.confirmed);
  return (
    <>
      {waiting && <p className="members-form__hint">{t('members.unconfirmedHint')}</p>}
      <div className="members-table__scroll">
        <table className="members-table">
          <thead>
            <tr>
              <th scope="col">{t('members.columns.name')}</th>
              <th scope="col">{t('members.columns.email')}</th>
              <th scope="col">{t('members.columns.role')}</th>
              <th scope="col">{t('members.columns.added')}</th>
              <th scope="col">{t('members.columns.lastSignIn')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('members.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const busy = busyEmail === member.email;
              return (
                <tr key={member.email}>
                  <th scope="row" data-label={t('members.columns.name')}>
                    {member.name ?? <span className="members__muted">{t('members.noName')}</span>}
                  </th>
                  <td data-label={t('members.columns.email')}>
                    {member.email}
                    {!member.confirmed && <span className="members__badge">{t('members.unconfirmed')}</span>}
                  </td>
                  <td data-label={t('members.columns.role')}>
                    <select
                      aria-label={t('members.roleOf', { email: member.email })}
                      value={member.role}
                      disabled={busy}
                      onChange={(event) => onRoleChange(member, event.target.value as Role)}
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(`members.roles.${role}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td data-label={t('members.columns.added')}>{formatTableDate(member.addedDate)}</td>
                  <td data-label={t('members.columns.lastSignIn')}>
                    {member.lastSignInDate
                      ? formatTableDate(member.lastSignInDate)
                      : t('members.neverSignedIn')}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      aria-label={t('members.removeOf', { email: member.email })}
                      onClick={() => onRemove(member)}
                    >
                      {t('members.remove')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
