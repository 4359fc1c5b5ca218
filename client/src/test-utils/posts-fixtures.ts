// Sample answers of the posts, published and dashboard APIs for component tests, plus a fake
// `posts.list` that pages with a cursor the way the server does.

export const THEME_ID = '00000000-0000-4000-8000-000000000001';

let counter = 0;

export function postItem(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    id: `post-${counter}`,
    themeId: THEME_ID,
    themeName: 'Marketing digital',
    themeColor: 'green',
    title: `Título do post ${counter}`,
    content: `Conteúdo do post ${counter}`,
    platform: 'linkedin',
    accountId: null,
    postOrder: counter,
    // 2026-11-22 10:00 in São Paulo (UTC-3).
    scheduledFor: new Date('2026-11-22T13:00:00Z'),
    createdAt: new Date('2026-11-01T12:00:00Z'),
    isUsed: false,
    status: 'scheduled',
    version: 1,
    attempts: 0,
    lastError: null,
    lastErrorMessage: null,
    updatedAt: new Date('2026-11-01T12:00:00Z'),
    networkOptions: {},
    firstComment: null,
    ...overrides,
  };
}

/** A `posts.list` answer with every item on one page. */
export function postPage(items: unknown[], overrides: Record<string, unknown> = {}) {
  const scheduled = items.filter((item) => (item as { status?: string }).status === 'scheduled').length;
  return { items, nextCursor: null, total: items.length, scheduledTotal: scheduled, ...overrides };
}

export function publishedItem(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    id: `published-${counter}`,
    themeId: THEME_ID,
    themeName: 'Marketing digital',
    themeColor: 'green',
    title: `Publicado ${counter}`,
    content: `Conteúdo publicado ${counter}`,
    platform: 'facebook',
    publishedAt: new Date('2026-11-20T15:30:00Z'),
    url: 'https://facebook.example/posts/1',
    reach: 1500,
    likes: 999,
    comments: 1000,
    engagementRate: 4.56,
    metricsUpdatedAt: new Date('2026-11-21T12:00:00Z'),
    metricsUnavailableReason: null,
    ...overrides,
  };
}

export function dashboardSummary(overrides: Record<string, unknown> = {}) {
  return {
    postsPublished: 12,
    postsScheduled: 30,
    timeSavedHours: 14,
    averageEngagement: 3.4,
    engagementLabel: 'Boa performance',
    totalReach: 12_500,
    reachLabel: 'Alcance excepcional',
    themeCount: 3,
    attention: { failed: 0, needsAttention: 0, missed: 0 },
    ...overrides,
  };
}

export function dashboardCharts(overrides: Record<string, unknown> = {}) {
  return {
    weekly: [
      { weekStart: '2026-11-01', published: 2, avgEngagement: 3.5 },
      { weekStart: '2026-11-08', published: 4, avgEngagement: null },
      { weekStart: '2026-11-15', published: 1, avgEngagement: 5.25 },
    ],
    upcoming: [
      { weekStart: '2026-11-22', linkedin: 3, facebook: 1, x: 0, instagram: 2 },
      { weekStart: '2026-11-29', linkedin: 1, facebook: 0, x: 2, instagram: 0 },
    ],
    ...overrides,
  };
}
