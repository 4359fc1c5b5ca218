import { Button, type ButtonProps } from '@mantine/core';

/**
 * The submit button of a settings-like form: busy and disabled while the request runs, saying so
 * (`pendingLabel`); `disabled` for what else makes it unusable. It sits at the start of its column.
 */
export function SaveButton({
  pending,
  label,
  pendingLabel,
  disabled = false,
  ...button
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  disabled?: boolean;
} & Omit<ButtonProps, 'loading' | 'disabled' | 'children'>) {
  return (
    <Button
      type="submit"
      loading={pending}
      disabled={pending || disabled}
      style={{ alignSelf: 'flex-start' }}
      {...button}
    >
      {pending ? pendingLabel : label}
    </Button>
  );
}
