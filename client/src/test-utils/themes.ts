// Sample answers of the themes API for component tests.

export function themeListItem(overrides: Record<string, unknown> = {}) {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Marketing digital',
    description: 'Dicas práticas de marketing para pequenas empresas.',
    toneOfVoice: ['professional', 'informative', 'casual', 'empathetic'],
    avoidTopics: ['politics'],
    socialNetworks: ['instagram', 'linkedin', 'facebook', 'x'],
    frequency: 'weekly',
    colorPalette: 'green',
    commemorativeDates: [] as string[],
    createdAt: new Date('2025-05-01T12:00:00Z'),
    scheduledCount: 12,
    publishedCount: 1,
    ...overrides,
  };
}

export function themeDetail(overrides: Record<string, unknown> = {}) {
  const { scheduledCount: _s, publishedCount: _p, ...theme } = themeListItem(overrides);
  return theme;
}

export function draft(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `draft-${index}`,
    title: `Título ${index}`,
    content: `Conteúdo do post ${index}`,
    platforms: ['linkedin'],
    post_order: index,
    ...overrides,
  };
}
