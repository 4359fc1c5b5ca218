import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface StateMessageProps {
  icon: Icon;
  title: string;
  description?: ReactNode;
  /** Buttons under the text (retry, create, pick a theme). */
  children?: ReactNode;
  color?: string;
  /** `alert` for failures, so screen readers hear them. */
  role?: 'status' | 'alert';
}

/** The empty and error states of a list or screen: an icon, a title, a line and the way out. */
export function StateMessage({
  icon: StateIcon,
  title,
  description,
  children,
  color,
  role,
}: StateMessageProps) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }} role={role}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={color}>
          <StateIcon size={28} stroke={1.7} aria-hidden />
        </ThemeIcon>
        <Text fw={700} size="lg" component="h2">
          {title}
        </Text>
        {description && (
          <Text c="dimmed" maw={440}>
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
