import { Suspense, lazy, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';
import './account-menu.css';

// The list and its dialogs are a chunk of their own, loaded at the first open: the shell, which
// every signed-in page loads, carries only this button (DESIGN §6).
const AccountMenuPanel = lazy(() => import('./account-menu-panel.js'));

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
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [expanded, setExpanded] = useState(false);
  // Once loaded, the panel stays mounted: a dialog it opened outlives the list.
  const [loaded, setLoaded] = useState(false);
  // aria-controls may name only a list that is in the page, so it waits for the chunk.
  const [shown, setShown] = useState(false);
  const markShown = useCallback(() => setShown(true), []);
  const collapse = useCallback((refocus: boolean) => {
    setExpanded(false);
    if (refocus) toggleRef.current?.focus();
  }, []);

  return (
    <div className="account-menu">
      <button
        ref={toggleRef}
        type="button"
        className="button account-menu__toggle"
        aria-expanded={expanded}
        aria-controls={shown ? listId : undefined}
        onClick={() => {
          setExpanded(!expanded);
          setLoaded(true);
        }}
      >
        {t('account.menu')}
        <span className="account-menu__chevron" aria-hidden="true">
          {expanded ? '▴' : '▾'}
        </span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <AccountMenuPanel
            listId={listId}
            expanded={expanded}
            onCollapse={collapse}
            currentName={currentName}
            onShown={markShown}
          />
        </Suspense>
      )}
    </div>
  );
}
