import type { ButtonProps } from '@mantine/core';
import { Button, Loader } from '@mantine/core';
import cta from './cta.module.css';

interface SubmitButtonProps extends Omit<ButtonProps, 'children' | 'loading'> {
  pending: boolean;
  label: string;
  /** Shown while pending ('Entrando...', 'Criando conta...'); the button is disabled meanwhile. */
  pendingLabel: string;
}

/** A submit button that says what it is doing instead of hiding its label behind a spinner. */
export function SubmitButton({ pending, label, pendingLabel, className, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      disabled={pending}
      className={[cta.cta, className].filter(Boolean).join(' ')}
      leftSection={pending ? <Loader size={16} color="currentColor" aria-hidden /> : undefined}
      {...props}
    >
      {pending ? pendingLabel : label}
    </Button>
  );
}
