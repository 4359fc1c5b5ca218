import { Card, Group, SimpleGrid, type SimpleGridProps, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from '../app/Link';
import classes from './NavCard.module.css';

export interface NavCardProps {
  href: string;
  title: string;
  description: string;
  icon: Icon;
}

/** A whole-card link to another view (settings and admin panel cards). */
export function NavCard({ href, title, description, icon: CardIcon }: NavCardProps) {
  return (
    <Card component={Link} href={href} className={classes.card} shadow="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={48} radius="md" variant="light">
          <CardIcon size={26} stroke={1.7} aria-hidden />
        </ThemeIcon>
        <IconChevronRight size={20} className={classes.chevron} aria-hidden />
      </Group>
      <Text component="h2" className={classes.title}>
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Card>
  );
}

/** A grid of NavCards (a `false` entry is a card the user may not see); `children` after them. */
export function NavCardGrid({
  cards,
  cols,
  children,
}: {
  cards: (NavCardProps | false)[];
  cols: SimpleGridProps['cols'];
  children?: ReactNode;
}) {
  return (
    <SimpleGrid cols={cols} spacing="lg">
      {cards.map((card) => card && <NavCard key={card.href} {...card} />)}
      {children}
    </SimpleGrid>
  );
}
