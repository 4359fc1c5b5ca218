// The menus of spec §2.3: header (desktop), side menu (under 768 px) and the admin entries.
import type { View, WorkspaceRole } from '@pauta/core';
import { approvalMessages, can, messages, roleMessages } from '@pauta/core';
import type { Icon } from '@tabler/icons-react';
import {
  IconCalendarTime,
  IconChecklist,
  IconHome,
  IconLayoutGrid,
  IconLayoutKanban,
  IconListDetails,
  IconMail,
  IconSend,
  IconSettings,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  view: View;
  icon: Icon;
}

const nav = messages.nav;

const home: NavItem = { label: nav.home, view: 'dashboard', icon: IconHome };
const scheduled: NavItem = { label: nav.scheduledPosts, view: 'scheduled-posts', icon: IconCalendarTime };
const themes: NavItem = { label: nav.themes, view: 'themes', icon: IconLayoutGrid };
const approval: NavItem = {
  label: approvalMessages.navLabel,
  view: 'approval-board',
  icon: IconLayoutKanban,
};
const published: NavItem = { label: nav.publishedPosts, view: 'published-posts', icon: IconSend };
const settings: NavItem = { label: nav.settings, view: 'settings', icon: IconSettings };

/**
 * Header menu (desktop) and side menu (under 768 px) reach the same places (issue 30): Home,
 * Meus Temas, Posts Agendados, Aprovação (the approval board, issue 17), Posts Publicados,
 * Configurações (then Sair).
 */
export const NAV_ITEMS: readonly NavItem[] = [home, themes, scheduled, approval, published, settings];

const clientView: NavItem = { label: roleMessages.clientView.nav, view: 'client-view', icon: IconChecklist };

/**
 * The menu for the person's role in the workspace on screen (core's permission table): a member
 * who may not read the workspace (Cliente) sees only "Para aprovar" and Configurações; everyone
 * else (and an unknown role: the server refuses what it must) the whole menu.
 */
export function navItemsFor(role: WorkspaceRole | null): readonly NavItem[] {
  return role !== null && !can(role, 'workspace.read') ? [clientView, settings] : NAV_ITEMS;
}

/** Administrators only, hidden while the admin check loads. */
export const ADMIN_ITEMS: readonly NavItem[] = [
  { label: nav.adminPanel, view: 'admin', icon: IconShieldLock },
  { label: nav.publishingLogs, view: 'publishing-logs', icon: IconListDetails },
  { label: nav.userManagement, view: 'user-management', icon: IconUsers },
  { label: nav.emailTemplates, view: 'email-templates', icon: IconMail },
];
