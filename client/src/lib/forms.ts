// Shared by the schema-driven forms: the core zod schema validates (schemaResolver), and the first
// failed rule, in the form's field order, is also said in a toast (spec §5: one toast a submit).
import type { FormErrors } from '@mantine/form';
import { messages } from '@pauta/core';
import { showError } from './toast';

/** The message of the first field of `order` that failed; any other failure after those. */
function firstFormError(errors: FormErrors, order: readonly string[]): string | null {
  for (const field of order) {
    const error = errors[field];
    if (error) return String(error);
  }
  const other = Object.values(errors).find(Boolean);
  return other ? String(other) : null;
}

/** Says the first failed rule in an 'Erro' toast (`id`: one toast per form, not one per click). */
export function toastFirstError(errors: FormErrors, order: readonly string[], id: string): void {
  const message = firstFormError(errors, order);
  if (message) showError(messages.common.error, message, { id });
}
