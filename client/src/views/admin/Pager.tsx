import { Group, Pagination, Text } from '@mantine/core';
import { PAGER_MAX_BUTTONS } from '@pauta/core';

interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  label: string;
  /** 'Página 2 de 3' */
  summary?: (page: number, pages: number) => string;
}

/**
 * Spec §9: at most 5 page buttons. Mantine shows every page when
 * `siblings * 2 + 3 + boundaries * 2` (= 5 here) covers them, and otherwise at most 4 numbers
 * around the dots (first, the current one, last…), so never more than PAGER_MAX_BUTTONS.
 */
const PAGER_SIBLINGS = 0;
const PAGER_BOUNDARIES = 1;
// Keeps the constants honest if someone changes them.
if (PAGER_SIBLINGS * 2 + 3 + PAGER_BOUNDARIES * 2 > PAGER_MAX_BUTTONS) throw new Error('pager too wide');

function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function Pager({ page, total, pageSize, onChange, label, summary }: PagerProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {summary ? (
        <Text size="sm" c="dimmed">
          {summary(Math.min(page, pages), pages)}
        </Text>
      ) : (
        <span />
      )}
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={PAGER_SIBLINGS}
        boundaries={PAGER_BOUNDARIES}
        aria-label={label}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': 'Página anterior' }
            : control === 'next'
              ? { 'aria-label': 'Próxima página' }
              : {}
        }
      />
    </Group>
  );
}
