import { Button, Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { Platform } from '@pauta/core';
import { DEFAULT_CONFIGURED_PLATFORMS, messages, PLATFORM_LABELS } from '@pauta/core';
import type { Icon } from '@tabler/icons-react';
import {
  IconArrowRight,
  IconBrandFacebook,
  IconBrandLinkedin,
  IconBrandX,
  IconBulb,
  IconCalendarEvent,
  IconClockHour4,
  IconRobot,
  IconSend,
  IconSparkles,
  IconTrendingUp,
} from '@tabler/icons-react';
import { Link } from '../../app/Link';
import { PublicLayout } from '../../components/PublicLayout';
import classes from './LandingPage.module.css';

const text = messages.landing;

// Icons follow the order of the texts in messages.landing: time, engagement, automation.
const STAT_ICONS: readonly Icon[] = [IconClockHour4, IconTrendingUp, IconRobot];
// Themes → AI drafts → automatic calendar → publishing.
const FEATURE_ICONS: readonly Icon[] = [IconBulb, IconSparkles, IconCalendarEvent, IconSend];

const NETWORK_ICONS: Partial<Record<Platform, Icon>> = {
  linkedin: IconBrandLinkedin,
  facebook: IconBrandFacebook,
  x: IconBrandX,
};

/** The public page for logged-out visitors (spec §1): pitch, three stats, two ways into /auth. */
export function LandingPage() {
  return (
    <PublicLayout
      headerAction={
        <Button component={Link} href="/auth" variant="outline">
          {text.login}
        </Button>
      }
    >
      <Hero />

      <Features />
    </PublicLayout>
  );
}

function NetworkIcons() {
  return (
    <Group gap="xs" className={classes.networks}>
      {DEFAULT_CONFIGURED_PLATFORMS.map((platform) => {
        const NetworkIcon = NETWORK_ICONS[platform];
        if (!NetworkIcon) return null;
        return (
          <ThemeIcon key={platform} size={32} radius="xl" variant="default">
            <NetworkIcon size={18} role="img" aria-label={PLATFORM_LABELS[platform]} />
          </ThemeIcon>
        );
      })}
    </Group>
  );
}

/** The promise, the two ways in and three figures. */
function Hero() {
  return (
    <section className={classes.hero}>
      <Container size="lg" className={classes.heroInner}>
        <Title order={1} className={classes.heroTitle}>
          {text.heroTitle}
        </Title>
        <Text className={classes.heroSubtitle}>{text.heroSubtitle}</Text>

        <div className={classes.actions}>
          <Button
            component={Link}
            href="/auth"
            size="lg"
            className={classes.primaryAction}
            rightSection={<IconArrowRight size={20} aria-hidden />}
          >
            {text.start}
          </Button>
          <Button
            component={Link}
            href="/auth"
            size="lg"
            variant="outline"
            className={classes.secondaryAction}
          >
            {text.login}
          </Button>
        </div>

        <SimpleGrid
          cols={{ base: 1, sm: 3 }}
          spacing="lg"
          className={classes.stats}
          renderRoot={(props) => <ul {...props} />}
        >
          {text.stats.map((stat, index) => {
            const StatIcon = STAT_ICONS[index] ?? IconSparkles;
            return (
              <Card key={stat.value} component="li" shadow="sm" className={classes.statCard}>
                <ThemeIcon size={48} radius="md" variant="light" className={classes.statIcon}>
                  <StatIcon size={26} stroke={1.8} aria-hidden />
                </ThemeIcon>
                <div>
                  <Text className={classes.statValue}>{stat.value}</Text>
                  <Text className={classes.statLabel}>{stat.label}</Text>
                </div>
                <Text size="sm" c="dimmed" className={classes.statDescription}>
                  {stat.description}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </Container>
    </section>
  );
}

/** The four steps, the last with the networks it publishes to. */
function Features() {
  return (
    <section className={classes.features}>
      <Container size="lg">
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 4 }}
          spacing="lg"
          renderRoot={(props) => <ol {...props} />}
          className={classes.featureList}
        >
          {text.features.map((feature, index) => {
            const FeatureIcon = FEATURE_ICONS[index] ?? IconSparkles;
            const isPublishing = index === text.features.length - 1;
            return (
              <Card key={feature.title} component="li" className={classes.featureCard}>
                <Group justify="space-between" align="center">
                  <ThemeIcon size={44} radius="md" variant="filled">
                    <FeatureIcon size={24} stroke={1.8} aria-hidden />
                  </ThemeIcon>
                  <span className={classes.step} aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                </Group>
                <Title order={2} className={classes.featureTitle}>
                  {feature.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {feature.description}
                </Text>
                {isPublishing && <NetworkIcons />}
              </Card>
            );
          })}
        </SimpleGrid>
      </Container>
    </section>
  );
}
