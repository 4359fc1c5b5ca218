// 'Copiar' for a value the user takes elsewhere (a link, a token, a secret, a snippet): the copy
// icon, then a check and the "copied" label for `timeout` ms.
import { Alert, Button, type ButtonProps, CopyButton, Group, Stack } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function CopyValueButton({
  value,
  label,
  copiedLabel,
  timeout = 1000,
  copiedColor,
  copiedVariant,
  variant,
  ...button
}: {
  value: string;
  label: string;
  copiedLabel: string;
  /** How long it reads "copied" (ms). */
  timeout?: number;
  /** The button's colour while it reads "copied" (none: unchanged). */
  copiedColor?: string;
  /** The button's variant while it reads "copied" (none: unchanged). */
  copiedVariant?: ButtonProps['variant'];
} & Omit<ButtonProps, 'color' | 'leftSection' | 'children'>) {
  return (
    <CopyButton value={value} timeout={timeout}>
      {({ copied, copy }) => (
        <Button
          {...button}
          variant={copied && copiedVariant ? copiedVariant : variant}
          color={copied ? copiedColor : undefined}
          leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          onClick={copy}
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}

/**
 * A value shown once (a client link, a webhook secret): a green notice with the value (in
 * `children`), 'Copiar' and the button that closes it; `footer` under the buttons.
 */
export function ShownOnce({
  title,
  value,
  copyLabel,
  copiedLabel,
  closeLabel,
  onClose,
  children,
  footer,
}: {
  title: string;
  value: string;
  copyLabel: string;
  copiedLabel: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Alert color="teal" variant="light" title={title} role="status">
      <Stack gap="xs">
        {children}
        <Group gap="sm">
          <CopyValueButton
            value={value}
            label={copyLabel}
            copiedLabel={copiedLabel}
            timeout={2000}
            size="xs"
            copiedColor="teal"
          />
          <Button size="xs" variant="default" onClick={onClose}>
            {closeLabel}
          </Button>
        </Group>
        {footer}
      </Stack>
    </Alert>
  );
}
