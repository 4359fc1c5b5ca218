import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { isPlatform, messages, PLATFORM_LABELS } from '@pauta/core';
import { IconCopyPlus } from '@tabler/icons-react';
import { useId } from 'react';
import type { usePostVariant } from './usePostVariant';

const text = messages.posts;

/** 'Criar versão para outra rede': pick one of the theme's other networks and create the sibling. */
export function VariantSection({
  variant,
  disabled,
}: {
  variant: ReturnType<typeof usePostVariant>;
  disabled: boolean;
}) {
  const headingId = useId();
  if (variant.targets === null) return null;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={headingId}>
      <Text id={headingId} size="sm" fw={700}>
        {text.variantTitle}
      </Text>
      {variant.targets.length === 0 ? (
        <Text size="xs" c="dimmed">
          {text.variantNoNetworks}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb="xs">
            {text.variantHint}
          </Text>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label={text.variantNetwork}
              value={variant.target ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isPlatform(value)) variant.setTarget(value);
              }}
              data={variant.targets.map((network) => ({ value: network, label: PLATFORM_LABELS[network] }))}
              disabled={variant.running}
              style={{ flex: '1 1 10rem' }}
            />
            <Button
              variant="light"
              leftSection={<IconCopyPlus size={16} aria-hidden />}
              onClick={variant.run}
              loading={variant.running}
              disabled={disabled || variant.running}
              // Full width on a phone, where the label may wrap instead of being cut.
              w={{ base: '100%', xs: 'auto' }}
              h="auto"
              mih={36}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            >
              {variant.running ? text.variantCreating : text.variantCreate}
            </Button>
          </Group>
        </>
      )}
    </Paper>
  );
}
