// The notice after new posts went past a network budget (a theme's calendar, a scheduled draft):
// they were scheduled all the same; the person is told where (docs/budgets.md).
import { type BudgetOverrun, budgetMessages } from '@pauta/core';
import { showWarning } from '../../lib/toast';

export function announceBudgetOverruns(overruns: readonly BudgetOverrun[] | undefined): void {
  if (!overruns || overruns.length === 0) return;
  showWarning(budgetMessages.themeOverrunTitle, budgetMessages.newPostsOver(overruns), {
    id: 'budget-overruns',
    autoClose: 15_000,
  });
}
