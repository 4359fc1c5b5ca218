import { Center, Loader } from '@mantine/core';
import { messages } from '@pauta/core';

/** Shown while a view's code (a lazily loaded chunk) arrives. */
export function ViewLoading() {
  return (
    <Center py={64} role="status" aria-label={messages.common.loading}>
      <Loader aria-hidden />
    </Center>
  );
}
