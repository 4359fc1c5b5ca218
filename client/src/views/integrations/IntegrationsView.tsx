import { Anchor, Stack, Text } from '@mantine/core';
import { apiMessages } from '@pauta/core';
import { IconExternalLink } from '@tabler/icons-react';
import { TokensSection } from './TokensSection';

const text = apiMessages.integrations;

/**
 * Configurações → Integrações (issue 28; docs/api.md): the personal access tokens of the REST API
 * in the current workspace ("cliente"). Sections of other integrations (webhooks) go below the tokens.
 */
export function IntegrationsView() {
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Text>{text.apiIntro}</Text>
        <Anchor href="/api/v1/docs" target="_blank" rel="noopener" w="fit-content">
          {text.referenceLink} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
        </Anchor>
      </Stack>
      <TokensSection />
      {/* Webhooks (WebhooksSection, issue 28 item 3) mount here. */}
    </Stack>
  );
}
