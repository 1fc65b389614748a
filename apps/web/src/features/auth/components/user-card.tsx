import type { ReactNode } from 'react';
import { useAuth } from 'react-oidc-context';
import { LogOutIcon } from '../../../components/ui/icons.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { displayNameOf, initialOf } from '../display-name.js';
import './user-card.css';

interface UserCardProps {
  /** The selected domain's display name, shown under the user's name. */
  domainName: string | undefined;
  /** Used when the ID token carries neither name nor e-mail (e.g. the server's user info name). */
  fallbackName?: string;
  /** The account's own settings (features/account), above the way out; none with an external provider. */
  accountMenu?: ReactNode;
}

/** The sidebar footer: who is signed in, for which domain, and the way out (spec §2). */
export function UserCard({ domainName, fallbackName, accountMenu }: UserCardProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const name = displayNameOf(auth.user?.profile, fallbackName);
  return (
    <div className="user-card">
      <div className="user-card__identity">
        <span className="user-card__avatar" aria-hidden="true">
          {initialOf(name)}
        </span>
        <div className="user-card__text">
          <p className="user-card__name">{name}</p>
          {domainName && <p className="user-card__domain">{domainName}</p>}
        </div>
      </div>
      {accountMenu}
      <button type="button" className="button user-card__logout" onClick={() => void auth.signoutRedirect()}>
        <LogOutIcon />
        {t('common.logOut')}
      </button>
    </div>
  );
}
