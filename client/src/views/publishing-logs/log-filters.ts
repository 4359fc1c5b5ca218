import { isPlatform, type Platform, type PublishingLogStatus } from '@pauta/core';

export interface LogFilters {
  status: PublishingLogStatus | null;
  platform: Platform | null;
  userId: string | null;
  range: [string | null, string | null];
}

export const EMPTY_LOG_FILTERS: LogFilters = {
  status: null,
  platform: null,
  userId: null,
  range: [null, null],
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Filters and page live in the URL (`?status=error&platform=x&user=…&from=…&to=…&page=2`): a reload keeps them. */
export function logStateFromSearch(search: string): { filters: LogFilters; page: number } {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const platform = params.get('platform');
  const user = params.get('user');
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : null;
  };
  const page = Number(params.get('page'));
  return {
    filters: {
      status: status === 'success' || status === 'error' ? status : null,
      platform: platform && isPlatform(platform) ? platform : null,
      userId: user && UUID.test(user) ? user : null,
      range: [day('from'), day('to')],
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function logStateToQuery(filters: LogFilters, page: number): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.status) query.status = filters.status;
  if (filters.platform) query.platform = filters.platform;
  if (filters.userId) query.user = filters.userId;
  const from = filters.range[0]?.slice(0, 10);
  const to = filters.range[1]?.slice(0, 10);
  if (from) query.from = from;
  if (to) query.to = to;
  if (page > 1) query.page = String(page);
  return query;
}

/** The admin.logs.list input of these filters: one day picked means that day only. */
export function logsInput(filters: LogFilters, page: number) {
  return {
    page,
    status: filters.status,
    platform: filters.platform,
    userId: filters.userId,
    from: filters.range[0]?.slice(0, 10) ?? null,
    to: filters.range[1]?.slice(0, 10) ?? filters.range[0]?.slice(0, 10) ?? null,
  };
}
