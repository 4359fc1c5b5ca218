// Integrações (/integracoes): the workspace's connections to other systems. This branch adds the
// webhooks section; the API tokens section (TokensSection) joins it on its own branch.
import { Stack } from '@mantine/core';
import { WebhooksSection } from './WebhooksSection';

export function IntegrationsView() {
  return (
    <Stack gap="lg">
      <WebhooksSection />
    </Stack>
  );
}
