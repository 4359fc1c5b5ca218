import { Anchor, Stack, Text } from '@mantine/core';
import { apiMessages } from '@pauta/core';
import { IconExternalLink } from '@tabler/icons-react';
import { McpSection } from './McpSection';
import { TokensSection } from './TokensSection';
import { WebhooksSection } from './WebhooksSection';

const text = apiMessages.integrations;

/**
 * Configurações → Integrações (issue 28): the current workspace's ("cliente") connections to other
 * systems — the personal access tokens of the REST API and the MCP server (docs/api.md, docs/mcp.md),
 * how to connect an MCP client with one, then the signed webhooks (docs/webhooks.md).
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
      <McpSection />
      <WebhooksSection />
    </Stack>
  );
}
