import { Center, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@pauta/core';
import classes from './LoadingScreen.module.css';
import { LogoMark } from './Logo';

interface LoadingScreenProps {
  /** Spec §2.3: 'Carregando...' unless a screen says what it is doing. */
  message?: string;
}

/** Whole-window wait (the first session answer, the OAuth return). */
export function LoadingScreen({ message = messages.common.loading }: LoadingScreenProps) {
  return (
    <Center className={classes.screen}>
      <LoadingState message={message} withMark />
    </Center>
  );
}

interface LoadingStateProps extends LoadingScreenProps {
  withMark?: boolean;
}

/** The same wait inside a view: a spinner and the message, announced to screen readers. */
export function LoadingState({ message = messages.common.loading, withMark = false }: LoadingStateProps) {
  return (
    <Stack align="center" gap="md" py="xl" role="status" aria-live="polite">
      {withMark && <LogoMark className={classes.mark} />}
      <Loader size="md" />
      <Text c="dimmed" fw={500}>
        {message}
      </Text>
    </Stack>
  );
}
