import { Suspense, lazy, useEffect, useLayoutEffect, useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { useTranslation } from '../../../lib/use-translation.js';

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

interface AccountMenuPanelProps {
  listId: string;
  expanded: boolean;
  /** Closes the list; `refocus` puts focus back on the menu's button (after Escape). */
  onCollapse: (refocus: boolean) => void;
  /** The name the sidebar shows, offered for editing. */
  currentName: string;
  /** Called once the list is in the page, so the button may point to it (aria-controls). */
  onShown: () => void;
}

/** The account menu's list and its dialogs, loaded the first time the menu opens (account-menu.tsx). */
export default function AccountMenuPanel({
  listId,
  expanded,
  onCollapse,
  currentName,
  onShown,
}: AccountMenuPanelProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [open, setOpen] = useState<Open>();
  useLayoutEffect(onShown, [onShown]);

  useEffect(() => {
    if (!expanded || open) return;
    const collapseOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCollapse(true);
    };
    document.addEventListener('keydown', collapseOnEscape);
    return () => document.removeEventListener('keydown', collapseOnEscape);
  }, [expanded, open, onCollapse]);

  const choose = (which: Open) => {
    onCollapse(false);
    setOpen(which);
  };
  const close = () => setOpen(undefined);
  // The provider's sessions are gone already: ending this one here is all that is left.
  const signOutHere = () => void auth.removeUser();

  return (
    <>
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
    </>
  );
}
