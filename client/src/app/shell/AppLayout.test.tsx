import type { View } from '@pauta/core';
import {
  approvalMessages,
  getBackTarget,
  membersMessages,
  messages,
  postingQueueMessages,
  VIEWS,
} from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '../../test-utils/render';
import { defaultStatus, deferred, mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { App } from '../App';

const nav = messages.nav;
const adminLabels = [nav.adminPanel, nav.publishingLogs, nav.userManagement, nav.emailTemplates];

async function openApp(path: string, handlers: Record<string, unknown>) {
  const api = mockTrpc({ 'auth.session': signedIn(true), ...handlers });
  window.history.replaceState(null, '', path);
  render(<App />);
  await screen.findByRole('navigation', { name: nav.mainNavigation });
  return api;
}

function header() {
  return screen.getByRole('banner');
}

function openDrawer() {
  fireEvent.click(screen.getByRole('button', { name: nav.openMenu }));
  return screen.getByRole('dialog');
}

describe('header menu', () => {
  it('reaches the same places as the side menu (Aprovação and Posts Publicados too), then Sair', async () => {
    await openApp('/dashboard', { 'auth.adminCheck': { isAdmin: false } });
    const menu = screen.getByRole('navigation', { name: nav.mainNavigation });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      nav.home,
      nav.themes,
      nav.scheduledPosts,
      postingQueueMessages.menu,
      approvalMessages.navLabel,
      nav.publishedPosts,
      membersMessages.navLabel,
      nav.settings,
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/themes',
      '/scheduled-posts',
      '/posting-queue',
      '/approval-board',
      '/published-posts',
      '/members',
      '/settings',
    ]);
    expect(within(menu).getByRole('link', { name: nav.home }).getAttribute('aria-current')).toBe('page');
    expect(within(header()).getByRole('button', { name: nav.logout })).toBeTruthy();
    expect(within(header()).getByRole('link', { name: nav.logoHome }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('hides the admin entries from a non-admin', async () => {
    await openApp('/dashboard', { 'auth.adminCheck': { isAdmin: false } });
    await screen.findByRole('heading', { level: 1, name: messages.views.dashboard.title });
    expect(within(header()).queryByRole('button', { name: nav.adminSection })).toBeNull();
    const drawer = openDrawer();
    for (const label of adminLabels) expect(within(drawer).queryByText(label)).toBeNull();
    expect(within(drawer).queryByText(nav.adminSection)).toBeNull();
  });

  it('hides the admin entries while the admin check loads, shows them once it says admin', async () => {
    const check = deferred<unknown>();
    await openApp('/dashboard', { 'auth.adminCheck': () => check.promise });
    expect(within(header()).queryByRole('button', { name: nav.adminSection })).toBeNull();

    act(() => check.resolve({ isAdmin: true }));
    const adminButton = await within(header()).findByRole('button', { name: nav.adminSection });
    fireEvent.click(adminButton);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(adminLabels);
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/admin',
      '/publishing-logs',
      '/user-management',
      '/email-templates',
    ]);
  });

  it('gives the side menu its entries and, for an admin, the Administração block', async () => {
    await openApp('/themes', { 'auth.adminCheck': { isAdmin: true } });
    await within(header()).findByRole('button', { name: nav.adminSection });
    const drawer = openDrawer();
    const links = within(drawer)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      nav.home,
      nav.themes,
      nav.scheduledPosts,
      postingQueueMessages.menu,
      approvalMessages.navLabel,
      nav.publishedPosts,
      membersMessages.navLabel,
      nav.settings,
      ...adminLabels,
    ]);
    expect(within(drawer).getByRole('group', { name: nav.adminSection })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: nav.logout })).toBeTruthy();
  });

  it('shows the Sandbox badge and, to admins, the publishing-paused banner', async () => {
    await openApp('/dashboard', {
      'auth.adminCheck': { isAdmin: true },
      'system.status': { ...defaultStatus, sandbox: true, publishingAvailable: false },
    });
    expect(await within(header()).findByText(messages.common.sandboxBadge)).toBeTruthy();
    expect(await screen.findByText(messages.shell.publishingPaused)).toBeTruthy();
  });

  it('warns admins when posts are due and no worker beat for 2 min, with the way to the workers', async () => {
    const outage = {
      health: { status: 'no_worker', alive: 0, duePosts: 3, lastSeenAt: new Date(), minutesSinceSeen: 7 },
      workers: [],
    };
    const api = await openApp('/dashboard', {
      'auth.adminCheck': { isAdmin: true },
      'admin.workers.status': outage,
    });
    const title = await screen.findByText('Nenhum worker ativo há 7 min — 3 posts atrasados');
    const banner = title.closest<HTMLElement>('[role="alert"]')!;
    expect(banner.textContent).toContain('npm run start:worker');
    expect(within(banner).getByRole('link', { name: messages.shell.noWorkerLink }).getAttribute('href')).toBe(
      '/admin?section=workers',
    );
    expect(api.calls.some((c) => c.path === 'admin.workers.status')).toBe(true);
  });

  it('never asks non-admins for the workers, nor shows them the banner', async () => {
    const api = await openApp('/dashboard', { 'auth.adminCheck': { isAdmin: false } });
    await screen.findByRole('heading', { level: 1, name: messages.views.dashboard.title });
    expect(screen.queryByText(/Nenhum worker ativo/)).toBeNull();
    expect(api.calls.some((c) => c.path === 'admin.workers.status')).toBe(false);
  });

  it('keeps the publishing-paused banner from non-admins', async () => {
    await openApp('/dashboard', {
      'auth.adminCheck': { isAdmin: false },
      'system.status': { ...defaultStatus, publishingAvailable: false },
    });
    await screen.findByRole('heading', { level: 1, name: messages.views.dashboard.title });
    expect(screen.queryByText(messages.shell.publishingPaused)).toBeNull();
  });
});

describe('view header', () => {
  it.each(VIEWS.map((view) => [view] as [View]))('%s: title, subtitle and Back target', async (view) => {
    await openApp(`/${view}`, { 'auth.adminCheck': { isAdmin: true } });
    expect(await screen.findByRole('heading', { level: 1, name: messages.views[view].title })).toBeTruthy();
    expect(screen.getByText(messages.views[view].subtitle)).toBeTruthy();
    const back = screen.queryByRole('link', { name: messages.common.back });
    const target = getBackTarget(view);
    if (target === null) expect(back).toBeNull();
    else expect(back?.getAttribute('href')).toBe(`/${target}`);
    const newTheme = screen.queryByRole('link', { name: nav.newTheme });
    if (view === 'themes') expect(newTheme?.getAttribute('href')).toBe('/create');
    else expect(newTheme).toBeNull();
  });

  it('follows the spec targets: suggested-posts → themes, connected-accounts → settings', async () => {
    await openApp('/suggested-posts', { 'auth.adminCheck': { isAdmin: false } });
    await screen.findByRole('heading', { level: 1, name: messages.views['suggested-posts'].title });
    fireEvent.click(screen.getByRole('link', { name: messages.common.back }));
    expect(await screen.findByRole('heading', { level: 1, name: messages.views.themes.title })).toBeTruthy();
    expect(window.location.pathname).toBe('/themes');
  });
});

describe('admin views', () => {
  it('say Verificando permissões... while the check loads, then Acesso Negado to a non-admin', async () => {
    const check = deferred<unknown>();
    await openApp('/publishing-logs', { 'auth.adminCheck': () => check.promise });
    expect(await screen.findByText(messages.auth.checkingPermissions)).toBeTruthy();
    act(() => check.resolve({ isAdmin: false }));
    const denied = await screen.findByRole('alert');
    expect(within(denied).getByText(messages.auth.accessDenied)).toBeTruthy();
    expect(within(denied).getByText(messages.auth.accessDeniedTitle)).toBeTruthy();
  });

  it('show the admin panel cards to an admin', async () => {
    await openApp('/admin', { 'auth.adminCheck': { isAdmin: true } });
    const main = await screen.findByRole('main');
    const cards = messages.admin.cards;
    for (const [title, href] of [
      [cards.users.title, '/user-management'],
      [cards.emailTemplates.title, '/email-templates'],
      [cards.publishingLogs.title, '/publishing-logs'],
      [cards.settings.title, '/admin-settings'],
    ])
      expect(
        (await within(main).findByRole('link', { name: new RegExp(`^${title}`) })).getAttribute('href'),
      ).toBe(href);
  });
});
