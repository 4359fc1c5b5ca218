import { type MantineBreakpoint, Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface ListTableProps {
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** Shown from this breakpoint on (the list's cards stand in below it); always when absent. */
  visibleFrom?: MantineBreakpoint;
  /** Zebra rows (logs) or a highlight under the pointer (rows with actions). */
  look: 'striped' | 'highlightOnHover';
  /** The header cells' contents, in column order. */
  head: readonly ReactNode[];
  /** The body's rows (Table.Tr). */
  children: ReactNode;
}

/** A list's table: its header row and its rows, scrolling sideways on a narrow screen. */
export function ListTable({ minWidth, visibleFrom, look, head, children }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} visibleFrom={visibleFrom}>
      <Table verticalSpacing="sm" striped={look === 'striped'} highlightOnHover={look === 'highlightOnHover'}>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed header row
              <Table.Th key={index}>{cell}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
