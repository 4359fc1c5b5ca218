// The menus of spec §2.3: header (desktop), side menu (under 768 px) and the admin entries.
import type { View, WorkspaceRole } from '@pauta/core';
import {
  approvalMessages,
  can,
  membersMessages,
  messages,
  postingQueueMessages,
  roleMessages,
  workspaceAdminMessages,
} from '@pauta/core';
import type { Icon } from '@tabler/icons-react';
import {
  IconBuildingCommunity,
  IconCalendarTime,
  IconChecklist,
  IconHome,
  IconId,
  IconLayoutGrid,
  IconLayoutKanban,
  IconListDetails,
  IconMail,
  IconSend,
  IconSettings,
  IconShieldLock,
  IconStack2,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  view: View;
  icon: Icon;
}

const nav = messages.nav;

const home: NavItem = { label: nav.home, view: 'dashboard', icon: IconHome };
const scheduled: NavItem = { label: nav.scheduledPosts, view: 'scheduled-posts', icon: IconCalendarTime };
/** "Fila de publicação" (docs/posting-queue.md). */
const postingQueue: NavItem = { label: postingQueueMessages.menu, view: 'posting-queue', icon: IconStack2 };
const themes: NavItem = { label: nav.themes, view: 'themes', icon: IconLayoutGrid };
const approval: NavItem = {
  label: approvalMessages.navLabel,
  view: 'approval-board',
  icon: IconLayoutKanban,
};
const published: NavItem = { label: nav.publishedPosts, view: 'published-posts', icon: IconSend };
const settings: NavItem = { label: nav.settings, view: 'settings', icon: IconSettings };
/** "Equipe": the members of the cliente on screen (docs/workspaces.md). */
const team: NavItem = { label: membersMessages.navLabel, view: 'members', icon: IconUsersGroup };

/**
 * Header menu (desktop) and side menu (under 768 px) reach the same places (issue 30): Home,
 * Meus Temas, Posts Agendados, Fila, Aprovação (the approval board, issue 17), Posts Publicados,
 * Configurações (then Sair).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  home,
  themes,
  scheduled,
  postingQueue,
  approval,
  published,
  team,
  settings,
];

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

/**
 * The "Clientes" entries of the switcher and the mobile menu (docs/workspaces.md): the overview
 * (shown with 2+ clientes) and the current cliente's data (its owner only).
 */
export const CLIENTES_ITEMS = {
  overview: {
    label: workspaceAdminMessages.switcher.overview,
    view: 'clients-overview',
    icon: IconBuildingCommunity,
  },
  settings: { label: workspaceAdminMessages.switcher.settings, view: 'client-settings', icon: IconId },
} as const satisfies Record<string, NavItem>;
