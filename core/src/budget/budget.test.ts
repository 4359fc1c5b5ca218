// Budget arithmetic: local days and months in America/Sao_Paulo (with its old DST), month and
// year edges, the stored setting's shape, and when one more post goes past a budget.
import { describe, expect, it } from 'vitest';
import {
  type BudgetWindow,
  dayWindow,
  exceedsBudget,
  findOverruns,
  monthWindow,
  monthWindowOf,
  type NetworkBudget,
  NO_BUDGET,
  parseBudgetOverrides,
  parseMonthKey,
  resolveBudgets,
} from './budget.js';
import { budgetMessages, formatCount, periodPhrase } from './messages.js';

const SP = 'America/Sao_Paulo';
const DEFAULTS = {
  linkedin: NO_BUDGET,
  facebook: NO_BUDGET,
  x: { month: 1500, day: 17, scope: 'installation' },
  instagram: { month: null, day: 50, scope: 'account' },
  threads: { month: null, day: 250, scope: 'account' },
  linkedin_page: NO_BUDGET,
  mastodon: { month: null, day: 360, scope: 'account' },
  bluesky: { month: null, day: 11_666, scope: 'account' },
  pinterest: { month: null, day: 200, scope: 'installation' },
  google_business: NO_BUDGET,
  youtube: { month: null, day: 6, scope: 'installation' },
  tiktok: { month: null, day: 15, scope: 'account' },
} as const satisfies Record<string, NetworkBudget>;

describe('periods in the user zone', () => {
  it('a Sao Paulo day runs 03:00Z to 03:00Z; 02:59Z still belongs to the day before', () => {
    const day = dayWindow(new Date('2026-03-10T03:00:00Z'), SP);
    expect(day).toEqual({
      period: 'day',
      key: '2026-03-10',
      start: new Date('2026-03-10T03:00:00Z'),
      end: new Date('2026-03-11T03:00:00Z'),
    });
    expect(dayWindow(new Date('2026-03-10T02:59:59.999Z'), SP).key).toBe('2026-03-09');
  });

  it('the month of the last local evening of January is January, though it is February in UTC', () => {
    const window = monthWindow(new Date('2026-02-01T02:30:00Z'), SP);
    expect(window.key).toBe('2026-01');
    expect(window.start).toEqual(new Date('2026-01-01T03:00:00Z'));
    expect(window.end).toEqual(new Date('2026-02-01T03:00:00Z'));
    expect(monthWindow(new Date('2026-02-01T03:00:00Z'), SP).key).toBe('2026-02');
  });

  it('December runs into the next year; February has 28 or 29 days', () => {
    const december = monthWindowOf(2026, 12, SP);
    expect(december.key).toBe('2026-12');
    expect(december.end).toEqual(new Date('2027-01-01T03:00:00Z'));
    expect(monthWindow(new Date('2027-01-01T02:59:00Z'), SP).key).toBe('2026-12');
    const leap = monthWindowOf(2028, 2, SP);
    expect((leap.end.getTime() - leap.start.getTime()) / 86_400_000).toBe(29);
    const common = monthWindowOf(2027, 2, SP);
    expect((common.end.getTime() - common.start.getTime()) / 86_400_000).toBe(28);
  });

  it('a day when Sao Paulo still had DST is 23 hours long (2018-11-04 started at 01:00)', () => {
    const day = dayWindow(new Date('2018-11-04T12:00:00Z'), SP);
    expect(day.start).toEqual(new Date('2018-11-04T03:00:00Z'));
    expect(day.end).toEqual(new Date('2018-11-05T02:00:00Z'));
    expect(day.end.getTime() - day.start.getTime()).toBe(23 * 3_600_000);
  });

  it('the same instant is another day in another zone', () => {
    const instant = new Date('2026-03-10T01:00:00Z');
    expect(dayWindow(instant, SP).key).toBe('2026-03-09');
    expect(dayWindow(instant, 'UTC').key).toBe('2026-03-10');
  });

  it('month keys: YYYY-MM only', () => {
    expect(parseMonthKey('2026-03')).toEqual({ year: 2026, month: 3 });
    expect(parseMonthKey('2026-13')).toBeNull();
    expect(parseMonthKey('2026-3')).toBeNull();
    expect(parseMonthKey('março')).toBeNull();
  });
});

describe('budgets in force', () => {
  it('an absent network keeps its default; 0 and null mean no budget', () => {
    const budgets = resolveBudgets({ x: { month: 0, day: 10, scope: 'account' } }, DEFAULTS);
    expect(budgets.x).toEqual({ month: null, day: 10, scope: 'account' });
    expect(budgets.instagram).toEqual(DEFAULTS.instagram);
    expect(budgets.linkedin).toEqual(NO_BUDGET);
  });

  it('a stored value of another shape is ignored whole (the defaults stay)', () => {
    for (const stored of [
      null,
      [],
      'x',
      { twitter: { month: 1, day: 1, scope: 'user' } },
      { x: { month: -1, day: 1, scope: 'user' } },
      { x: { month: 1.5, day: 1, scope: 'user' } },
      { x: { month: 1, day: 1, scope: 'everyone' } },
      { x: { month: 1, day: 1, scope: 'user', extra: true } },
      { x: { month: 1_000_001, day: 1, scope: 'user' } },
    ]) {
      expect(parseBudgetOverrides(stored), JSON.stringify(stored)).toBeUndefined();
      expect(resolveBudgets(stored, DEFAULTS).x).toEqual(DEFAULTS.x);
    }
  });

  it("an override stored before budgets per account ('user': each person's own account) is read per account", () => {
    // What Configurações do Sistema wrote as "Cada usuário" until the scope per account.
    const stored = {
      instagram: { month: null, day: 25, scope: 'account' },
      x: { month: 900, day: 9, scope: 'user' },
      youtube: { month: null, day: 3, scope: 'installation' },
    };
    expect(parseBudgetOverrides(stored)).toEqual({
      instagram: { month: null, day: 25, scope: 'account' },
      x: { month: 900, day: 9, scope: 'account' },
      youtube: { month: null, day: 3, scope: 'installation' },
    });
    const budgets = resolveBudgets(stored, DEFAULTS);
    expect(budgets.instagram).toEqual({ month: null, day: 25, scope: 'account' });
    expect(budgets.threads).toEqual(DEFAULTS.threads);
    // A scope stored as an object's key of the prototype is no scope.
    expect(parseBudgetOverrides({ x: { month: 1, day: 1, scope: 'toString' } })).toBeUndefined();
  });
});

describe('one more post', () => {
  it('goes past a budget only when used + 1 is more than it', () => {
    expect(exceedsBudget(16, 17)).toBe(false);
    expect(exceedsBudget(17, 17)).toBe(true);
    expect(exceedsBudget(1_000, null)).toBe(false);
  });

  it('reports each period over budget, with what was used', async () => {
    const counts: Record<string, number> = { '2026-03-10': 17, '2026-03': 40 };
    const overruns = await findOverruns({
      platform: 'x',
      budget: { month: 40, day: 17, scope: 'installation' },
      scheduledFor: new Date('2026-03-10T13:00:00Z'),
      timeZone: SP,
      count: async (window: BudgetWindow) => counts[window.key] ?? 0,
    });
    expect(overruns).toEqual([
      { platform: 'x', period: 'day', periodKey: '2026-03-10', scope: 'installation', used: 17, budget: 17 },
      { platform: 'x', period: 'month', periodKey: '2026-03', scope: 'installation', used: 40, budget: 40 },
    ]);
  });

  it('a post already counted in the period (moved within its day) is not held against it', async () => {
    const asked: string[] = [];
    const overruns = await findOverruns({
      platform: 'x',
      budget: { month: 40, day: 17, scope: 'installation' },
      scheduledFor: new Date('2026-03-10T20:00:00Z'),
      timeZone: SP,
      count: async (window) => {
        asked.push(window.key);
        return 99;
      },
      alreadyIn: (window) => window.period === 'day',
    });
    expect(asked).toEqual(['2026-03']);
    expect(overruns.map((o) => o.period)).toEqual(['month']);
  });
});

describe('pt-BR texts', () => {
  it('says usage the way the composer shows it', () => {
    expect(formatCount(1500)).toBe('1.500');
    expect(budgetMessages.usage('x', 37, 1500, periodPhrase('month', '2026-03', '2026-03'))).toBe(
      'X (Twitter): 37 de 1.500 posts este mês',
    );
    expect(periodPhrase('month', '2026-04', '2026-03')).toBe('em abril de 2026');
    expect(periodPhrase('day', '2026-03-12', '2026-03-10')).toBe('em 12/03/2026');
    expect(periodPhrase('day', '2026-03-10', '2026-03-10')).toBe('hoje');
    expect(
      budgetMessages.overrun(
        {
          platform: 'x',
          period: 'day',
          periodKey: '2026-03-12',
          scope: 'installation',
          used: 17,
          budget: 17,
        },
        '2026-03-10',
      ),
    ).toBe(
      'Em 12/03/2026 já há 17 posts no X (Twitter), e o orçamento é de 17 por dia (somando todos os usuários desta instalação).',
    );
  });
});
