import { describe, expect, it } from 'vitest';
import {
  can,
  isWorkspaceRole,
  WORKSPACE_ACTIONS,
  WORKSPACE_PERMISSIONS,
  WORKSPACE_ROLES,
} from './permissions.js';

describe('workspace permission table', () => {
  it('gives the owner every action', () => {
    for (const action of WORKSPACE_ACTIONS) expect(can('owner', action)).toBe(true);
  });

  it('keeps members, settings and deletion for the owner alone', () => {
    for (const role of ['editor', 'reviewer', 'client'] as const) {
      expect(can(role, 'members.manage')).toBe(false);
      expect(can(role, 'workspace.delete')).toBe(false);
      expect(can(role, 'workspace.settings')).toBe(false);
    }
  });

  it('lets the editor write content and connect accounts', () => {
    for (const action of ['themes.write', 'posts.write', 'media.write', 'accounts.write'] as const) {
      expect(can('editor', action)).toBe(true);
    }
  });

  it('lets the reviewer read, comment and approve, never edit', () => {
    expect(can('reviewer', 'workspace.read')).toBe(true);
    expect(can('reviewer', 'approval.approve')).toBe(true);
    expect(can('reviewer', 'posts.comment')).toBe(true);
    for (const action of ['themes.write', 'posts.write', 'media.write', 'accounts.write'] as const) {
      expect(can('reviewer', action)).toBe(false);
    }
  });

  it("gives the client only the client's view and decision", () => {
    expect([...WORKSPACE_PERMISSIONS.client].sort()).toEqual(
      ['approval.clientDecide', 'posts.comment', 'posts.readClientView', 'workspace.leave'].sort(),
    );
    expect(can('client', 'workspace.read')).toBe(false);
  });

  it('shows the team to the team, not to the client; everyone may leave', () => {
    for (const role of ['owner', 'editor', 'reviewer'] as const) expect(can(role, 'members.read')).toBe(true);
    expect(can('client', 'members.read')).toBe(false);
    for (const role of WORKSPACE_ROLES) expect(can(role, 'workspace.leave')).toBe(true);
  });

  it('refuses an unknown or missing role', () => {
    expect(can(null, 'workspace.read')).toBe(false);
    expect(can('admin' as never, 'workspace.read')).toBe(false);
    expect(can('constructor' as never, 'workspace.read')).toBe(false);
    expect(isWorkspaceRole('owner')).toBe(true);
    expect(isWorkspaceRole('toString')).toBe(false);
  });

  it('names only known actions for every role', () => {
    for (const role of WORKSPACE_ROLES) {
      for (const action of WORKSPACE_PERMISSIONS[role]) expect(WORKSPACE_ACTIONS).toContain(action);
    }
  });
});
