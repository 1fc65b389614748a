import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.js';
import { MenuIcon } from '../ui/icons.js';

interface HeaderProps {
  title: string;
  actions: ReactNode;
  sidebarId: string;
  drawerOpen: boolean;
  onMenuClick: () => void;
}

export function Header({ title, actions, sidebarId, drawerOpen, onMenuClick }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <button
        type="button"
        className="icon-button app-header__menu"
        aria-label={t('nav.openMenu')}
        aria-expanded={drawerOpen}
        aria-controls={sidebarId}
        onClick={onMenuClick}
      >
        <MenuIcon />
      </button>
      <p className="app-header__title">{title}</p>
      <div className="app-header__actions">{actions}</div>
    </header>
  );
}
