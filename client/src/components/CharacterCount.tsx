// A text field's character counter against its limit (issue 30: counters and clear limits on every
// text field that has one). The limit comes from core (INPUT_LIMITS); the field has no maxLength,
// so a longer paste is kept whole and refused with the schema's pt-BR message, never cut silently.
import { Text } from '@mantine/core';
import { messages } from '@pauta/core';

/**
 * "120/2000 caracteres", red and bold past the limit; read politely as it changes. Counts the
 * value's characters, or takes `used` when the count is the caller's own (a network's way of counting).
 */
export function CharacterCount(
  props: { limit: number; testId?: string } & ({ value: string } | { used: number }),
) {
  const { limit, testId = 'character-count' } = props;
  const used = 'used' in props ? props.used : props.value.length;
  const over = used > limit;
  return (
    <Text
      component="span"
      size="xs"
      fw={over ? 700 : 500}
      c={over ? 'red' : 'dimmed'}
      data-over={over || undefined}
      data-testid={testId}
    >
      {messages.common.characterCount(used, limit)}
      {over && ` · ${messages.common.tooLong(limit)}`}
    </Text>
  );
}

/**
 * Props for a Mantine input: the counter as its description, below the field (Mantine links it with
 * aria-describedby). Spread after the field's own props.
 */
export function counterProps(value: string, limit: number) {
  return {
    description: <CharacterCount value={value} limit={limit} />,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
      | 'label'
      | 'input'
      | 'description'
      | 'error'
    )[],
  };
}
