import { Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { apiMessages } from '@pauta/core';
import { IconRobot } from '@tabler/icons-react';
import { CopyValueButton } from '../../components/CopyValueButton';

const text = apiMessages.mcp;

/** The config snippet of an MCP client (README, "Usar o Pauta num assistente de IA (MCP)"). */
function mcpSnippet(url: string): string {
  return JSON.stringify(
    {
      mcpServers: {
        pauta: { type: 'http', url, headers: { Authorization: 'Bearer pauta_pat_SEU_TOKEN' } },
      },
    },
    null,
    2,
  );
}

function CopyAction({ value, label }: { value: string; label: string }) {
  return (
    <CopyValueButton
      value={value}
      label={label}
      copiedLabel={text.copied}
      timeout={2000}
      size="xs"
      variant="default"
      copiedColor="teal"
      w="fit-content"
    />
  );
}

/** Integrações: how to connect an MCP client to this installation's `/mcp` (docs/mcp.md). */
export function McpSection() {
  const url = `${window.location.origin}/mcp`;
  const snippet = mcpSnippet(url);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="mcp-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconRobot size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} size="h3" id="mcp-title">
            {text.title}
          </Title>
        </Group>
        <Text size="sm">{text.intro}</Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="mcp-url-label">
            {text.urlLabel}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Code aria-labelledby="mcp-url-label" style={{ overflowWrap: 'anywhere' }} data-testid="mcp-url">
              {url}
            </Code>
            <CopyAction value={url} label={text.copyUrl} />
          </Group>
        </Stack>
        <Text size="sm" c="dimmed">
          {text.steps}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="mcp-snippet-label">
            {text.snippetLabel}
          </Text>
          <Code
            block
            aria-labelledby="mcp-snippet-label"
            tabIndex={0}
            style={{ overflowX: 'auto', maxWidth: '100%' }}
            data-testid="mcp-snippet"
          >
            {snippet}
          </Code>
          <CopyAction value={snippet} label={text.copySnippet} />
        </Stack>
      </Stack>
    </Card>
  );
}
