import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A request went through: the green check, its h2 and line, then what else there is to say. */
export function SuccessNotice({
  title,
  description,
  children,
  role,
}: {
  title: string;
  description: string;
  children?: ReactNode;
  role?: 'status';
}) {
  return (
    <Stack align="center" ta="center" gap="sm" role={role}>
      <ThemeIcon size={60} radius="xl" color="teal" variant="light">
        <IconCircleCheck size={34} stroke={1.7} aria-hidden />
      </ThemeIcon>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="dimmed" maw={480}>
        {description}
      </Text>
      {children}
    </Stack>
  );
}
