import { describe, expect, it } from 'vitest';
import { preloadPlan } from './preload';

describe('preloadPlan: what a first visit starts downloading, by URL', () => {
  it('the landing page alone for / and unknown paths (nothing of the signed-in app)', () => {
    expect(preloadPlan('/')).toEqual({ page: 'landing', view: null });
    expect(preloadPlan('/no/such/page')).toEqual({ page: 'landing', view: null });
  });

  it('the auth pages for their paths', () => {
    expect(preloadPlan('/auth')).toEqual({ page: 'auth', view: null });
    expect(preloadPlan('/auth/')).toEqual({ page: 'auth', view: null });
    expect(preloadPlan('/auth/callback')).toEqual({ page: 'authCallback', view: null });
    expect(preloadPlan('/auth/reset')).toEqual({ page: 'resetPassword', view: null });
  });

  it("the shell and the view for a view's path, aliases included, and not the landing", () => {
    expect(preloadPlan('/dashboard')).toEqual({ page: null, view: 'dashboard' });
    expect(preloadPlan('/create-theme/')).toEqual({ page: null, view: 'create' });
    expect(preloadPlan('/admin-settings')).toEqual({ page: null, view: 'admin-settings' });
  });

  it('both the public page and the view for the paths that are both', () => {
    expect(preloadPlan('/privacy-policy')).toEqual({ page: 'privacyPolicy', view: 'privacy-policy' });
    expect(preloadPlan('/data-deletion')).toEqual({ page: 'dataDeletion', view: 'data-deletion' });
  });
});
