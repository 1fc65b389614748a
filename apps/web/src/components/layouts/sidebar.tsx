import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.js';
import { CloseIcon } from '../ui/icons.js';
import { useModalDialog } from '../ui/use-modal-dialog.js';
import { NavLink } from './nav-link.js';
import type { NavItem } from './nav-item.js';

interface SidebarProps {
  id: string;
  items: NavItem[];
  footer: ReactNode;
  /** Wide screens show it fixed; small ones show it as a drawer: a modal <dialog> (decision 044). */
  wide: boolean;
  drawerOpen: boolean;
  onClose: () => void;
}

export function Sidebar({ id, items, footer, wide, drawerOpen, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const hiddenDrawer = !wide && !drawerOpen;

  const sidebar = (
    <aside
      id={id}
      className="sidebar"
      data-open={drawerOpen}
      aria-label={t('nav.sidebar')}
      // A closed drawer is a closed dialog; inert also keeps it out of reach while it slides out.
      inert={hiddenDrawer}
    >
      <div className="sidebar__top">
        <span className="sidebar__brand">{t('app.name')}</span>
        {!wide && (
          <button
            type="button"
            className="icon-button sidebar__close"
            aria-label={t('nav.closeMenu')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <nav className="sidebar__nav" aria-label={t('nav.main')}>
        <ul className="sidebar__list">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className="sidebar__link" onClick={onClose}>
                {item.icon}
                <span>{item.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar__footer">{footer}</div>
    </aside>
  );
  if (wide) return sidebar;
  return (
    <Drawer open={drawerOpen} label={t('nav.menu')} onClose={onClose}>
      {sidebar}
    </Drawer>
  );
}

interface DrawerProps {
  open: boolean;
  label: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The small screens' drawer: a modal <dialog> over the whole viewport, holding a backdrop and the
 * sidebar. Opened, it is in the top layer with the page behind inert, Escape closes it, and focus goes
 * back to the menu button. The slide and fade also run on closing, where the browser supports
 * transitions of display and overlay (dashboard-layout.css).
 */
function Drawer({ open, label, onClose, children }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref, open, onClose);
  return (
    <dialog ref={ref} className="drawer" aria-label={label}>
      <div className="drawer__backdrop" data-testid="drawer-backdrop" aria-hidden="true" onClick={onClose} />
      {children}
    </dialog>
  );
}
