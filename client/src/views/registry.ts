// One component per in-app view (spec §2.3), each in views/<view>/ and each its own chunk,
// loaded when the view is first shown (SignedInApp wraps views in Suspense): a first visit
// downloads the view it opens and nothing of the others. `preloadView` starts that download
// early (app/preload.ts: at start-up, in parallel with the session request).
import type { View } from '@pauta/core';
import type { ComponentType } from 'react';
import { lazy } from 'react';

export type Loader = () => Promise<{ default: ComponentType }>;

/** `import()` of a module exporting the view under `name`, as React.lazy wants it. */
function named<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Loader {
  return () => load().then((module) => ({ default: module[name] }));
}

const VIEW_LOADERS: Record<View, Loader> = {
  dashboard: named(() => import('./dashboard/DashboardView'), 'DashboardView'),
  create: named(() => import('./create/CreateThemeView'), 'CreateThemeView'),
  edit: named(() => import('./edit/EditThemeView'), 'EditThemeView'),
  themes: named(() => import('./themes/ThemesView'), 'ThemesView'),
  'theme-posts': named(() => import('./theme-posts/ThemePostsView'), 'ThemePostsView'),
  'scheduled-posts': named(() => import('./scheduled-posts/ScheduledPostsView'), 'ScheduledPostsView'),
  'approval-board': named(() => import('./approval-board/ApprovalBoardView'), 'ApprovalBoardView'),
  'client-view': named(() => import('./client-view/ClientView'), 'ClientView'),
  'published-posts': named(() => import('./published-posts/PublishedPostsView'), 'PublishedPostsView'),
  'suggested-posts': named(() => import('./suggested-posts/SuggestedPostsView'), 'SuggestedPostsView'),
  'connected-accounts': named(
    () => import('./connected-accounts/ConnectedAccountsView'),
    'ConnectedAccountsView',
  ),
  members: named(() => import('./members/MembersView'), 'MembersView'),
  settings: named(() => import('./settings/SettingsView'), 'SettingsView'),
  'clients-overview': named(() => import('./clients-overview/ClientsOverviewView'), 'ClientsOverviewView'),
  'client-settings': named(() => import('./client-settings/ClientSettingsView'), 'ClientSettingsView'),
  integrations: named(() => import('./integrations/IntegrationsView'), 'IntegrationsView'),
  snippets: named(() => import('./snippets/SnippetsView'), 'SnippetsView'),
  'posting-queue': named(() => import('./posting-queue/PostingQueueView'), 'PostingQueueView'),
  reports: named(() => import('./reports/ReportsView'), 'ReportsView'),
  'privacy-policy': named(() => import('./privacy-policy/PrivacyPolicyView'), 'PrivacyPolicyView'),
  'data-deletion': named(() => import('./data-deletion/DataDeletionView'), 'DataDeletionView'),
  admin: named(() => import('./admin/AdminPanelView'), 'AdminPanelView'),
  'publishing-logs': named(() => import('./publishing-logs/PublishingLogsView'), 'PublishingLogsView'),
  'user-management': named(() => import('./user-management/UserManagementView'), 'UserManagementView'),
  'email-templates': named(() => import('./email-templates/EmailTemplatesView'), 'EmailTemplatesView'),
  'admin-settings': named(() => import('./admin-settings/AdminSettingsView'), 'AdminSettingsView'),
};

/** A React.lazy component for each loader. */
export function lazyComponents<K extends string>(loaders: Record<K, Loader>): Record<K, ComponentType> {
  const components = {} as Record<K, ComponentType>;
  for (const key of Object.keys(loaders) as K[]) components[key] = lazy(loaders[key]);
  return components;
}

export const VIEW_COMPONENTS = lazyComponents(VIEW_LOADERS);

/** Starts downloading a view's chunk (the browser keeps it for the lazy component). */
export function preloadView(view: View): void {
  void VIEW_LOADERS[view]().catch(() => {
    // A failed preload is retried by the view itself when it renders (and shown there).
  });
}
