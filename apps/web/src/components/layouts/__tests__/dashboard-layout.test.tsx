import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { openModals } from '../../../test/dialog-polyfill.js';
import { setWideScreen } from '../../../test/match-media.js';
import { DashboardLayout } from '../dashboard-layout.js';

function renderLayout(path = '/') {
  return render(
    <Router hook={memoryLocation({ path }).hook}>
      <DashboardLayout
        title="Example Engineering"
        navItems={[
          { to: '/', label: 'Blog Posts', icon: null, end: true },
          { to: '/metadata', label: 'Metadata & Assets', icon: null },
        ]}
        headerActions={<button type="button">Refresh</button>}
        sidebarFooter={<button type="button">Log out</button>}
      >
        <p>Page content</p>
      </DashboardLayout>
    </Router>,
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Open menu' });
const sidebar = () => screen.getByRole('complementary', { hidden: true });

async function openDrawer() {
  await userEvent.click(menuButton());
  expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
}

describe('DashboardLayout', () => {
  it('should have banner, navigation and main landmarks and the title in the header', () => {
    setWideScreen(true);
    renderLayout();
    expect(screen.getByRole('banner')).toHaveTextContent('Example Engineering');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Page content');
  });

  it('should mark the entry of the current page with aria-current', () => {
    setWideScreen(true);
    renderLayout('/metadata');
    expect(screen.getByRole('link', { name: 'Metadata & Assets' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Blog Posts' })).not.toHaveAttribute('aria-current');
  });

  it('should keep a closed drawer out of reach on small screens and open it from the menu button', async () => {
    renderLayout();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar()).toHaveAttribute('inert');
    await openDrawer();
    expect(sidebar()).not.toHaveAttribute('inert');
    expect(sidebar()).toHaveAttribute('data-open', 'true');
  });

  it('should open the drawer as a modal dialog and move focus into it', async () => {
    renderLayout();
    await openDrawer();
    // Tab stays inside because the browser makes the page behind the modal inert (e2e/dialogs.spec.ts).
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(openModals()).toEqual([drawer]);
    expect(drawer).toContainElement(sidebar());
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
  });

  it('should close on Escape and give focus back to the menu button', async () => {
    renderLayout();
    await openDrawer();
    await userEvent.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(openModals()).toEqual([]);
    expect(menuButton()).toHaveFocus();
  });

  it('should close on the close button, on the backdrop and on a link', async () => {
    renderLayout();
    await openDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await openDrawer();
    fireEvent.click(screen.getByTestId('drawer-backdrop'));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await openDrawer();
    await userEvent.click(screen.getByRole('link', { name: 'Metadata & Assets' }));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(openModals()).toEqual([]);
    // The closed drawer is hidden, not only inert.
    expect(screen.getByRole('link', { name: 'Metadata & Assets', hidden: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('should turn the open drawer into the fixed sidebar when the screen becomes wide', async () => {
    renderLayout();
    await openDrawer();
    act(() => setWideScreen(true));
    expect(sidebar()).not.toHaveAttribute('inert');
    expect(sidebar()).toHaveAttribute('data-open', 'false');
    expect(screen.queryByRole('button', { name: 'Close menu' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('drawer-backdrop')).not.toBeInTheDocument();
  });
});
