// Spec §3 filter state of Posts Agendados, and the `posts.list` / `posts.deleteFiltered` input it
// makes. Theme and status also live in the URL (`?theme=<id>`, `?status=failed,missed`).
import type { Platform, PostStatus } from '@pauta/core';
import { isPlatform, isPostStatus, LISTING_PLATFORMS } from '@pauta/core';
import type { PostFilterInput } from '../../components/posts/types';

export interface FilterState {
  themeId: string | null;
  platform: Platform | null;
  scheduledFrom: string | null;
  scheduledTo: string | null;
  createdFrom: string | null;
  createdTo: string | null;
  statuses: PostStatus[];
}

/** No filter: every post of the user. */
export const EMPTY_FILTERS: FilterState = {
  themeId: null,
  platform: null,
  scheduledFrom: null,
  scheduledTo: null,
  createdFrom: null,
  createdTo: null,
  statuses: [],
};

/** Order of the platform filter (spec §9; core's LISTING_PLATFORMS). */
export const FILTER_PLATFORMS = LISTING_PLATFORMS;

/** 'YYYY-MM-DD' of a date input value (Mantine may add ' HH:mm:ss'); null when empty. */
function day(value: string | null): string | undefined {
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value ?? '');
  return match ? match[0] : undefined;
}

/** The API input: only the filters that are set (the server reads `scheduledTo` up to 23:59:59). */
export function toListInput(state: FilterState): PostFilterInput {
  const input: PostFilterInput = {};
  if (state.themeId) input.themeId = state.themeId;
  if (state.platform) input.platform = state.platform;
  const scheduledFrom = day(state.scheduledFrom);
  const scheduledTo = day(state.scheduledTo);
  const createdFrom = day(state.createdFrom);
  const createdTo = day(state.createdTo);
  if (scheduledFrom) input.scheduledFrom = scheduledFrom;
  if (scheduledTo) input.scheduledTo = scheduledTo;
  if (createdFrom) input.createdFrom = createdFrom;
  if (createdTo) input.createdTo = createdTo;
  if (state.statuses.length > 0) input.statuses = [...state.statuses];
  return input;
}

export function activeFilterCount(state: FilterState): number {
  return Object.keys(toListInput(state)).length;
}

/** `?status=failed,needs_attention` (or repeated `status`) as statuses; unknown values are dropped. */
export function statusesFromSearch(params: URLSearchParams): PostStatus[] {
  const values = params.getAll('status').flatMap((value) => value.split(','));
  return [...new Set(values.map((value) => value.trim()).filter(isPostStatus))];
}

export function platformFromSearch(params: URLSearchParams): Platform | null {
  const value = params.get('platform');
  return value && isPlatform(value) ? value : null;
}

/** The date filters of the URL (`?scheduledFrom=2026-11-01&createdTo=…`); malformed ones are dropped. */
export function datesFromSearch(
  params: URLSearchParams,
): Pick<FilterState, 'scheduledFrom' | 'scheduledTo' | 'createdFrom' | 'createdTo'> {
  const read = (name: string) => {
    const value = params.get(name);
    return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  };
  return {
    scheduledFrom: read('scheduledFrom'),
    scheduledTo: read('scheduledTo'),
    createdFrom: read('createdFrom'),
    createdTo: read('createdTo'),
  };
}

/** The query string that keeps every filter in the URL (deep links, Back, reload). */
export function toSearch(state: FilterState): Record<string, string> {
  const params: Record<string, string> = {};
  if (state.themeId) params.theme = state.themeId;
  if (state.platform) params.platform = state.platform;
  if (state.statuses.length > 0) params.status = state.statuses.join(',');
  for (const name of ['scheduledFrom', 'scheduledTo', 'createdFrom', 'createdTo'] as const) {
    const value = day(state[name]);
    if (value) params[name] = value;
  }
  return params;
}
