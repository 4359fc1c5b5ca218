// Every page is a chunk of its own: the public pages here, the signed-in app (shell) and each
// of its views (views/registry.ts). A first visit would fetch a page's chunk only after the
// session answered — a second round trip on a slow network — so `preloadForPath` starts the
// download of what the URL will show at start-up, alongside the session request: the public
// page for public paths (the landing for `/` and unknown paths), the shell and the view for a
// view's path (`/privacy-policy` and `/data-deletion` are both). Nothing else is fetched.
import { INVITATION_PATH, resolveView, type View } from '@pauta/core';
import type { ComponentType } from 'react';
import { preloadView } from '../views/registry';
import { normalizePathname } from './navigation';

type PageModule = Promise<{ default: ComponentType }>;

export const loadSignedInApp = () => import('./SignedInApp');

export const PAGE_LOADERS = {
  landing: (): PageModule => import('../pages/landing/LandingPage').then((m) => ({ default: m.LandingPage })),
  auth: (): PageModule => import('../pages/auth/AuthPage').then((m) => ({ default: m.AuthPage })),
  authCallback: (): PageModule =>
    import('../pages/auth/AuthCallbackPage').then((m) => ({ default: m.AuthCallbackPage })),
  resetPassword: (): PageModule =>
    import('../pages/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
  signInLink: (): PageModule =>
    import('../pages/auth/SignInLinkPage').then((m) => ({ default: m.SignInLinkPage })),
  privacyPolicy: (): PageModule =>
    import('../pages/public/PrivacyPolicyPage').then((m) => ({ default: m.PrivacyPolicyPage })),
  dataDeletion: (): PageModule =>
    import('../pages/public/DataDeletionPage').then((m) => ({ default: m.DataDeletionPage })),
  dataDeletionConfirm: (): PageModule =>
    import('../pages/public/DataDeletionConfirmPage').then((m) => ({ default: m.DataDeletionConfirmPage })),
  invitation: (): PageModule =>
    import('../pages/auth/InvitationPage').then((m) => ({ default: m.InvitationPage })),
  clientApproval: (): PageModule =>
    import('../pages/public/ClientApprovalPage').then((m) => ({ default: m.ClientApprovalPage })),
  reportPage: (): PageModule => import('../pages/public/ReportPage').then((m) => ({ default: m.ReportPage })),
} as const;

export type PublicPage = keyof typeof PAGE_LOADERS;

/** The public page a path shows to a visitor (spec §2.1: any other path shows the landing). */
export function publicPageFor(pathname: string): PublicPage {
  switch (pathname) {
    case '/auth':
      return 'auth';
    case '/auth/callback':
      return 'authCallback';
    case '/auth/reset':
      return 'resetPassword';
    case '/auth/link':
      return 'signInLink';
    case '/privacy-policy':
      return 'privacyPolicy';
    case '/data-deletion':
      return 'dataDeletion';
    case '/data-deletion/confirm':
      return 'dataDeletionConfirm';
    case INVITATION_PATH:
      return 'invitation';
    default:
      // The client approval link (docs/approval.md): /aprovacao/<token>.
      if (pathname.startsWith('/aprovacao/')) return 'clientApproval';
      // A report's private link (docs/reports.md): /relatorio/<token>.
      if (pathname.startsWith('/relatorio/')) return 'reportPage';
      return 'landing';
  }
}

const ignore = () => {
  // A failed preload is retried, and reported, when the page renders.
};

/** What a first visit to `rawPathname` needs: its public page, its view (with the shell), or both. */
export function preloadPlan(rawPathname: string): { page: PublicPage | null; view: View | null } {
  const pathname = normalizePathname(rawPathname);
  const view = pathname === '/' ? null : resolveView(pathname.slice(1));
  const page = publicPageFor(pathname);
  // A view's path shows the landing to a visitor; preloading it there would be a guess.
  return { view, page: view && page === 'landing' ? null : page };
}

export function preloadForPath(pathname: string): void {
  const { page, view } = preloadPlan(pathname);
  if (view) {
    void loadSignedInApp().catch(ignore);
    preloadView(view);
  }
  if (page) void PAGE_LOADERS[page]().catch(ignore);
}
