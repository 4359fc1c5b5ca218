/**
 * In-app views (spec §2.3) and the navigation rules that do not depend on data. Each view is
 * also addressable by URL in the client; the ids double as the path segment.
 */

export const VIEWS = [
  'dashboard',
  'create',
  'edit',
  'themes',
  'theme-posts',
  'scheduled-posts',
  'approval-board',
  'client-view',
  'published-posts',
  'suggested-posts',
  'connected-accounts',
  'members',
  'settings',
  'clients-overview',
  'client-settings',
  'integrations',
  'snippets',
  'posting-queue',
  'reports',
  'privacy-policy',
  'data-deletion',
  'admin',
  'publishing-logs',
  'user-management',
  'email-templates',
  'admin-settings',
] as const;
export type View = (typeof VIEWS)[number];

/** Other names the spec uses for the same views. */
export const VIEW_ALIASES = {
  home: 'dashboard',
  'create-theme': 'create',
  'edit-theme': 'edit',
  /** /integracoes, the pt-BR address the emails link to. */
  integracoes: 'integrations',
  relatorios: 'reports',
  /** "Trechos salvos" (docs/snippets.md). */
  trechos: 'snippets',
  /** "Fila de publicação" (docs/posting-queue.md). */
  fila: 'posting-queue',
} as const satisfies Record<string, View>;

export const ADMIN_VIEWS = [
  'admin',
  'publishing-logs',
  'user-management',
  'email-templates',
  'admin-settings',
] as const satisfies readonly View[];

export function isView(value: unknown): value is View {
  return typeof value === 'string' && (VIEWS as readonly string[]).includes(value);
}

/** A view id or one of its aliases, as a canonical view; `null` when unknown. */
export function resolveView(value: string): View | null {
  if (isView(value)) return value;
  return Object.hasOwn(VIEW_ALIASES, value) ? VIEW_ALIASES[value as keyof typeof VIEW_ALIASES] : null;
}

export function isAdminView(view: View): boolean {
  return (ADMIN_VIEWS as readonly View[]).includes(view);
}

/**
 * Where the header's back button leads from a view, or `null` when the view has none
 * (dashboard and create, spec §2.3).
 */
export function getBackTarget(view: View): View | null {
  switch (view) {
    case 'dashboard':
    case 'create':
    case 'client-view':
      return null;
    case 'suggested-posts':
      return 'themes';
    case 'connected-accounts':
    case 'integrations':
    case 'snippets':
    case 'privacy-policy':
    case 'data-deletion':
    case 'client-settings':
      return 'settings';
    default:
      return 'dashboard';
  }
}
