// One component per in-app view (spec §2.3). Each lives in views/<view>/ so later issues replace
// the placeholder content without touching the shell or the routing.
import type { View } from '@pauta/core';
import type { ComponentType } from 'react';
import { lazy } from 'react';
import { AdminPanelView } from './admin/AdminPanelView';
import { AdminSettingsView } from './admin-settings/AdminSettingsView';
import { ConnectedAccountsView } from './connected-accounts/ConnectedAccountsView';
import { DashboardView } from './dashboard/DashboardView';
import { DataDeletionView } from './data-deletion/DataDeletionView';
import { EmailTemplatesView } from './email-templates/EmailTemplatesView';
import { PrivacyPolicyView } from './privacy-policy/PrivacyPolicyView';
import { PublishedPostsView } from './published-posts/PublishedPostsView';
import { PublishingLogsView } from './publishing-logs/PublishingLogsView';
import { ScheduledPostsView } from './scheduled-posts/ScheduledPostsView';
import { SettingsView } from './settings/SettingsView';
import { SuggestedPostsView } from './suggested-posts/SuggestedPostsView';
import { ThemePostsView } from './theme-posts/ThemePostsView';
import { ThemesView } from './themes/ThemesView';
import { UserManagementView } from './user-management/UserManagementView';

// The theme form carries zod and the form library: loaded on demand (a separate chunk) so the
// first paint of every other view stays small. SignedInApp wraps views in Suspense.
const CreateThemeView = lazy(() =>
  import('./create/CreateThemeView').then((module) => ({ default: module.CreateThemeView })),
);
const EditThemeView = lazy(() =>
  import('./edit/EditThemeView').then((module) => ({ default: module.EditThemeView })),
);

export const VIEW_COMPONENTS: Record<View, ComponentType> = {
  dashboard: DashboardView,
  create: CreateThemeView,
  edit: EditThemeView,
  themes: ThemesView,
  'theme-posts': ThemePostsView,
  'scheduled-posts': ScheduledPostsView,
  'published-posts': PublishedPostsView,
  'suggested-posts': SuggestedPostsView,
  'connected-accounts': ConnectedAccountsView,
  settings: SettingsView,
  'privacy-policy': PrivacyPolicyView,
  'data-deletion': DataDeletionView,
  admin: AdminPanelView,
  'publishing-logs': PublishingLogsView,
  'user-management': UserManagementView,
  'email-templates': EmailTemplatesView,
  'admin-settings': AdminSettingsView,
};
