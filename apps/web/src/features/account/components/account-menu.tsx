import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { useTranslation } from '../../../lib/use-translation.js';
import './account-menu.css';

// Chunks of their own, with the calls they make: the signed-in pages' budget (DESIGN §6) pays
// only for the menu.
const ChangeNameDialog = lazy(() =>
  import('./change-name-dialog.js').then((module) => ({ default: module.ChangeNameDialog })),
);
const ChangePasswordDialog = lazy(() =>
  import('./change-password-dialog.js').then((module) => ({ default: module.ChangePasswordDialog })),
);
const SignOutEverywhereDialog = lazy(() =>
  import('./sign-out-everywhere-dialog.js').then((module) => ({ default: module.SignOutEverywhereDialog })),
);

type Open = 'name' | 'password' | 'signOutEverywhere' | undefined;

interface AccountMenuProps {
  /** The name the sidebar shows, offered for editing. */
  currentName: string;
}

/**
 * The account's own settings in the sidebar footer (decision 045), for the built-in provider's
 * accounts: a disclosure button that shows its three actions, each opening its dialog.
 */
export function AccountMenu({ currentName }: AccountMenuProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [open, setOpen] = useState<Open>();

  useEffect(() => {
    if (!expanded || open) return;
    const collapseOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setExpanded(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', collapseOnEscape);
    return () => document.removeEventListener('keydown', collapseOnEscape);
  }, [expanded, open]);

  const choose = (which: Open) => {
    setExpanded(false);
    setOpen(which);
  };
  const close = () => setOpen(undefined);
  // The provider's sessions are gone already: ending this one here is all that is left.
  const signOutHere = () => void auth.removeUser();

  return (
    <div className="account-menu">
      <button
        ref={toggleRef}
        type="button"
        className="button account-menu__toggle"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded(!expanded)}
      >
        {t('account.menu')}
        <span className="account-menu__chevron" aria-hidden="true">
          {expanded ? '▴' : '▾'}
        </span>
      </button>
      <ul id={listId} className="account-menu__list" hidden={!expanded}>
        <li>
          <button type="button" className="account-menu__item" onClick={() => choose('name')}>
            {t('account.name.open')}
          </button>
        </li>
        <li>
          <button type="button" className="account-menu__item" onClick={() => choose('password')}>
            {t('account.password.open')}
          </button>
        </li>
        <li>
          <button type="button" className="account-menu__item" onClick={() => choose('signOutEverywhere')}>
            {t('account.signOutEverywhere.open')}
          </button>
        </li>
      </ul>
      <Suspense fallback={null}>
        {open === 'name' && (
          <ChangeNameDialog
            currentName={currentName}
            onClose={close}
            onChanged={() => {
              close();
              // New tokens carry the new name, for the sidebar and the next calls.
              void auth.signinSilent().catch(() => undefined);
            }}
          />
        )}
        {open === 'password' && <ChangePasswordDialog onClose={close} onSignInAgain={signOutHere} />}
        {open === 'signOutEverywhere' && (
          <SignOutEverywhereDialog onCancel={close} onSignedOut={signOutHere} />
        )}
      </Suspense>
    </div>
  );
}
