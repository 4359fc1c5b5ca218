import { describe, expect, it } from 'vitest';
import { getBackTarget, isAdminView, resolveView, VIEWS } from './views.js';

describe('getBackTarget', () => {
  it("hides the back button on dashboard, create and the Cliente's initial view", () => {
    expect(getBackTarget('dashboard')).toBeNull();
    expect(getBackTarget('create')).toBeNull();
    expect(getBackTarget('client-view')).toBeNull();
  });

  it('goes back to themes from suggested-posts', () => {
    expect(getBackTarget('suggested-posts')).toBe('themes');
  });

  it('goes back to settings from its sub-pages', () => {
    expect(getBackTarget('connected-accounts')).toBe('settings');
    expect(getBackTarget('integrations')).toBe('settings');
    expect(getBackTarget('snippets')).toBe('settings');
    expect(getBackTarget('privacy-policy')).toBe('settings');
    expect(getBackTarget('data-deletion')).toBe('settings');
    expect(getBackTarget('client-settings')).toBe('settings');
  });

  it('goes back to dashboard from every other view', () => {
    const special = new Set([
      'dashboard',
      'create',
      'client-view',
      'suggested-posts',
      'connected-accounts',
      'integrations',
      'snippets',
      'privacy-policy',
      'data-deletion',
      'client-settings',
    ]);
    for (const view of VIEWS.filter((v) => !special.has(v))) {
      expect(getBackTarget(view)).toBe('dashboard');
    }
  });
});

describe('resolveView', () => {
  it('accepts ids and the spec aliases', () => {
    expect(resolveView('themes')).toBe('themes');
    expect(resolveView('create-theme')).toBe('create');
    expect(resolveView('edit-theme')).toBe('edit');
    expect(resolveView('home')).toBe('dashboard');
    expect(resolveView('nope')).toBeNull();
    expect(resolveView('constructor')).toBeNull();
  });
});

describe('isAdminView', () => {
  it('marks the admin area only', () => {
    expect(isAdminView('user-management')).toBe(true);
    expect(isAdminView('settings')).toBe(false);
  });
});
