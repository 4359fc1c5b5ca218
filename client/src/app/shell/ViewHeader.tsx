import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { View } from '@pauta/core';
import { getBackTarget, messages } from '@pauta/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import cta from '../../components/cta.module.css';
import { Link } from '../Link';
import { useCan } from '../permissions';
import { viewPath } from '../view-paths';
import classes from './ViewHeader.module.css';

/**
 * Title and subtitle of a view, the Back button (every view but dashboard and create, with the
 * spec's targets) and, on the themes view only, Novo Tema.
 */
export function ViewHeader({ view }: { view: View }) {
  const { title, subtitle } = messages.views[view];
  const back = getBackTarget(view);
  const canWriteThemes = useCan('themes.write');
  return (
    <Stack gap="xs" className={classes.header}>
      {back && (
        <Button
          component={Link}
          href={viewPath(back)}
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          className={classes.back}
        >
          {messages.common.back}
        </Button>
      )}
      <Group justify="space-between" align="flex-end" gap="md">
        <div className={classes.titles}>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <Text c="dimmed" className={classes.subtitle}>
            {subtitle}
          </Text>
        </div>
        {view === 'themes' && canWriteThemes && (
          <Button
            component={Link}
            href={viewPath('create')}
            size="md"
            leftSection={<IconPlus size={18} aria-hidden />}
            className={`${cta.cta} ${classes.action}`}
          >
            {messages.nav.newTheme}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
