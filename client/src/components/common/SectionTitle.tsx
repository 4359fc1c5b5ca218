import { Stack, type StackProps, Text, Title, type TitleProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionTitleProps {
  /** The heading's id, for the section's aria-labelledby. */
  id?: string;
  title: ReactNode;
  /** The dimmed line under the heading, if any. */
  hint?: ReactNode;
  /** The heading's look (it is an h2 either way). */
  size?: TitleProps['size'];
}

/** The h2 of a section of a screen, and the dimmed line under it when it has one. */
export function SectionTitle({ id, title, hint, size = 'h3' }: SectionTitleProps) {
  return (
    <>
      <Title order={2} size={size} id={id}>
        {title}
      </Title>
      {hint !== undefined && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </>
  );
}

/** A `<section>` named by its h2 (`id`): the heading, its line, then the content, in a stack. */
export function TitledSection({
  id,
  title,
  hint,
  size,
  children,
  ...stack
}: SectionTitleProps & { id: string; children: ReactNode } & Omit<StackProps, 'title' | 'children'>) {
  return (
    <Stack component="section" aria-labelledby={id} {...stack}>
      <SectionTitle id={id} title={title} hint={hint} size={size} />
      {children}
    </Stack>
  );
}
