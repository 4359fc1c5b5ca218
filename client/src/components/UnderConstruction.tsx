import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconTools } from '@tabler/icons-react';

/** The honest empty state of a view whose content a later issue builds. */
export function UnderConstruction() {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconTools size={28} stroke={1.7} aria-hidden />
        </ThemeIcon>
        <Text fw={700} size="lg">
          {messages.shell.underConstructionTitle}
        </Text>
        <Text c="dimmed" maw={420}>
          {messages.shell.underConstruction}
        </Text>
      </Stack>
    </Paper>
  );
}
