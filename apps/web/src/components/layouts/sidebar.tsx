import { useRef, type ReactNode } from 'react';
import { useFocusTrap } from '../../lib/use-focus-trap.js';
import { useTranslation } from '../../lib/use-translation.js';
import { CloseIcon } from '../ui/icons.js';
import { NavLink } from './nav-link.js';
import type { NavItem } from './nav-item.js';

interface SidebarProps {
  id: string;
  items: NavItem[];
  footer: ReactNode;
  /** Wide screens show it fixed; small ones show it as a drawer. */
  wide: boolean;
  drawerOpen: boolean;
  onClose: () => void;
}

export function Sidebar({ id, items, footer, wide, drawerOpen, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useFocusTrap(ref, drawerOpen);
  const hiddenDrawer = !wide && !drawerOpen;

  return (
    <aside
      id={id}
      ref={ref}
      className="sidebar"
      data-open={drawerOpen}
      aria-label={t('nav.sidebar')}
      // A closed drawer is off screen; inert keeps Tab and screen readers out of it too.
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
}
