import { describe, expect, it } from 'vitest';
import { type ModuleRoots, rootsFromChunks, sharedChunkName } from './client-chunks.js';

const SRC = '/repo/client/src';
const LANDING = `${SRC}/pages/landing/LandingPage.tsx`;
const AUTH = `${SRC}/pages/auth/AuthPage.tsx`;
const RESET = `${SRC}/pages/auth/ResetPasswordPage.tsx`;
const SHELL = `${SRC}/app/SignedInApp.tsx`;
const DASHBOARD = `${SRC}/views/dashboard/DashboardView.tsx`;
const THEMES = `${SRC}/views/themes/ThemesView.tsx`;
const LOGS = `${SRC}/views/publishing-logs/PublishingLogsView.tsx`;
const SCHEDULED = `${SRC}/views/scheduled-posts/ScheduledPostsView.tsx`;

const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  facade: { entry?: boolean; dynamic?: string } = {},
) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: facade.entry === true,
  isDynamicEntry: facade.dynamic !== undefined,
  facadeModuleId: facade.dynamic ?? null,
  imports,
  moduleIds,
});

describe('rootsFromChunks', () => {
  it('lists, for each module, the pages whose chunks (and the chunks they import) hold it', () => {
    const usage = rootsFromChunks([
      chunk('index.js', ['main.tsx', 'react'], [], { entry: true }),
      chunk('Landing.js', [LANDING], ['index.js', 'shared.js'], { dynamic: LANDING }),
      chunk('Dashboard.js', [DASHBOARD], ['index.js', 'shared.js'], { dynamic: DASHBOARD }),
      chunk('shared.js', ['Card.mjs']),
    ]);
    expect(usage.get('Card.mjs')).toEqual(new Set([LANDING, DASHBOARD]));
    expect(usage.get('react')).toEqual(new Set(['entry', LANDING, DASHBOARD]));
    expect(usage.get(LANDING)).toEqual(new Set([LANDING]));
  });
});

describe('sharedChunkName', () => {
  const usage: ModuleRoots = new Map([
    ['Button.mjs', new Set(['entry', LANDING, AUTH])],
    ['Group.mjs', new Set([LANDING, AUTH, DASHBOARD])],
    ['IconBrandX.mjs', new Set([LANDING, THEMES])],
    ['Input.mjs', new Set([AUTH, RESET, LOGS])],
    ['Alert.mjs', new Set([RESET, LOGS])],
    ['Menu.mjs', new Set([SHELL, THEMES])],
    ['/repo/node_modules/@mantine/dates/esm/DatePicker.mjs', new Set([LOGS, SCHEDULED])],
    ['/repo/node_modules/zod/v4/core.js', new Set([THEMES, LOGS, SCHEDULED])],
    ['Modal.mjs', new Set([THEMES, LOGS, SCHEDULED])],
    ['EditPostModal.tsx', new Set([SCHEDULED, THEMES])],
    ['ThemeCard.tsx', new Set([THEMES])],
  ]);

  it('leaves the entry, single-page modules and unknown modules to the bundler', () => {
    expect(sharedChunkName('Button.mjs', usage)).toBeNull();
    expect(sharedChunkName('ThemeCard.tsx', usage)).toBeNull();
    expect(sharedChunkName('unknown.mjs', usage)).toBeNull();
  });

  it('keeps the landing and /auth apart: common to both, welcome for the landing, auth for /auth', () => {
    expect(sharedChunkName('Group.mjs', usage)).toBe('common');
    expect(sharedChunkName('IconBrandX.mjs', usage)).toBe('welcome');
    expect(sharedChunkName('Input.mjs', usage)).toBe('auth');
    expect(sharedChunkName('Alert.mjs', usage)).toBe('public');
  });

  it("puts the shell's modules in shell, heavy libraries in their own chunk, the rest by sharing", () => {
    expect(sharedChunkName('Menu.mjs', usage)).toBe('shell');
    expect(sharedChunkName('/repo/node_modules/@mantine/dates/esm/DatePicker.mjs', usage)).toBe('lib-dates');
    expect(sharedChunkName('/repo/node_modules/zod/v4/core.js', usage)).toBe('lib-zod');
    expect(sharedChunkName('Modal.mjs', usage)).toBe('views');
    expect(sharedChunkName('EditPostModal.tsx', usage)).toBeNull();
  });
});
