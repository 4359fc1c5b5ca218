import { Badge, Card, Group, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CsvPreviewRow, csvMessages } from '@pauta/core';
import classes from './CsvPreview.module.css';

const t = csvMessages;

function stateOf(row: CsvPreviewRow): 'error' | 'warning' | 'ok' {
  return row.errors.length > 0 ? 'error' : row.warnings.length > 0 ? 'warning' : 'ok';
}

/** What happens to a row: its errors (red), its warnings (yellow), or OK. */
function RowResult({ row }: { row: CsvPreviewRow }) {
  if (row.errors.length === 0 && row.warnings.length === 0)
    return (
      <Badge color="green" variant="light">
        {t.ok}
      </Badge>
    );
  return (
    // An image address in an error has no blanks: it wraps anywhere instead of widening the row.
    <List
      size="sm"
      spacing={2}
      listStyleType="none"
      aria-label={t.rowLabel(row.line)}
      style={{ overflowWrap: 'anywhere' }}
    >
      {row.errors.map((error) => (
        <List.Item key={`e-${error}`}>
          <Text component="span" size="sm" className={classes.errorLabel} fw={600}>
            {t.errorLabel}:{' '}
          </Text>
          <Text component="span" size="sm">
            {error}
          </Text>
        </List.Item>
      ))}
      {row.warnings.map((warning) => (
        <List.Item key={`w-${warning}`}>
          <Text component="span" size="sm" className={classes.warningLabel} fw={600}>
            {t.warningLabel}:{' '}
          </Text>
          <Text component="span" size="sm">
            {warning}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** Every row of the file: a table on wide screens, a card per row on phones. */
export function CsvPreviewRows({ rows }: { rows: CsvPreviewRow[] }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  if (phone) {
    return (
      <Stack gap="xs" aria-label={t.previewTable} role="list">
        {rows.map((row) => (
          <Card
            key={row.line}
            withBorder
            padding="sm"
            className={classes.card}
            data-state={stateOf(row)}
            role="listitem"
            aria-label={t.rowLabel(row.line)}
          >
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={700}>
                  {t.rowLabel(row.line)}
                </Text>
                <Text size="xs" c="dimmed">
                  {[row.date, row.time].filter(Boolean).join(' ')}
                </Text>
              </Group>
              {row.title && (
                <Text size="sm" fw={600}>
                  {row.title}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {[row.theme, row.network].filter(Boolean).join(' · ')}
              </Text>
              {row.text && (
                <Text size="sm" className={classes.text}>
                  {row.text}
                </Text>
              )}
              <RowResult row={row} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <ScrollArea.Autosize mah="50vh" type="auto">
      <Table striped highlightOnHover verticalSpacing="xs" stickyHeader aria-label={t.previewTable}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">#</Table.Th>
            <Table.Th scope="col">{t.columns.title}</Table.Th>
            <Table.Th scope="col">{t.columns.theme}</Table.Th>
            <Table.Th scope="col">{t.columns.network}</Table.Th>
            <Table.Th scope="col">{t.columns.date}</Table.Th>
            <Table.Th scope="col">{t.columns.text}</Table.Th>
            <Table.Th scope="col">{t.columns.result}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line} data-state={stateOf(row)} aria-label={t.rowLabel(row.line)}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.title}</Table.Td>
              <Table.Td>{row.theme}</Table.Td>
              <Table.Td>{row.network}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {[row.date, row.time].filter(Boolean).join(' ')}
              </Table.Td>
              <Table.Td maw={260}>
                <Text size="sm" className={classes.text}>
                  {row.text}
                </Text>
              </Table.Td>
              <Table.Td miw={220}>
                <RowResult row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
