import { Chip, Group, Stack, Text, Title, useComputedColorScheme } from '@mantine/core';
import {
  bestTimeMessages,
  distinctTopSlots,
  PLATFORM_LABELS,
  WEEKDAY_NAMES,
  WEEKDAY_SHORT,
} from '@pauta/core';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterClient } from '@trpc/client';
import { useEffect, useId, useRef, useState } from 'react';
import type { AppRouter } from '../../lib/trpc';
import { useTRPC } from '../../lib/trpc';
import { QueryState } from '../QueryState';
import { ViewLoading } from '../ViewLoading';
import classes from './BestTimeHeatMap.module.css';
import { heatColors, rgb } from './heat-colors';

const text = bestTimeMessages;
/** Rows Monday first, as a Brazilian week reads. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

type Grid = Awaited<ReturnType<inferRouterClient<AppRouter>['bestTime']['grid']['query']>>;
type NetworkModel = Grid['networks'][number];

/** "Melhores horários" on the dashboard (docs/best-time.md): one heat map per network. */
export function BestTimeSection() {
  const trpc = useTRPC();
  const grid = useQuery(trpc.bestTime.grid.queryOptions());
  return (
    <Stack gap="sm" component="section" aria-labelledby="best-time-title">
      <Title order={2} size="h3" id="best-time-title">
        {text.title}
      </Title>
      <QueryState query={grid} errorTitle={text.loadError} loading={<ViewLoading />}>
        {(data) => <BestTimeHeatMap networks={data.networks} />}
      </QueryState>
    </Stack>
  );
}

/** The network shown first: the one with the most posts to rest on (ties: the first). */
function initialNetwork(networks: readonly NetworkModel[]): NetworkModel['platform'] {
  return networks.reduce((best, n) => (n.posts > best.posts ? n : best), networks[0]!).platform;
}

export function BestTimeHeatMap({ networks }: { networks: readonly NetworkModel[] }) {
  const [platform, setPlatform] = useState(() => initialNetwork(networks));
  const model = networks.find((n) => n.platform === platform) ?? networks[0]!;
  return (
    <Stack gap="sm">
      {/* Chips (radio buttons) wrap at 375 px, where a segmented control would be cut. */}
      <Chip.Group
        multiple={false}
        value={model.platform}
        onChange={(value) => setPlatform(value as NetworkModel['platform'])}
      >
        <Group gap="xs" role="radiogroup" aria-label={text.networks}>
          {networks.map((n) => (
            <Chip key={n.platform} value={n.platform} variant="outline">
              {PLATFORM_LABELS[n.platform]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text size="sm" fw={600} data-testid="best-time-confidence">
        {text.confidence(model.posts, model.confidence)}
      </Text>
      {model.posts === 0 && (
        <Text size="sm" c="dimmed">
          {text.noData(PLATFORM_LABELS[model.platform])}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {text.description}
      </Text>
      <TopSlots model={model} />
      <HeatTable model={model} />
    </Stack>
  );
}

function TopSlots({ model }: { model: NetworkModel }) {
  const id = useId();
  return (
    <div>
      <Text size="sm" fw={600} id={id}>
        {text.topSlots}
      </Text>
      <ol className={classes.topList} aria-labelledby={id} data-testid="best-time-top">
        {distinctTopSlots(model).map((slot) => (
          <li key={`${slot.weekday}-${slot.hour}`}>
            <Text size="sm" component="span">
              {text.slot(slot.weekday, slot.hour)} — índice {slot.score}
            </Text>
          </li>
        ))}
      </ol>
    </div>
  );
}

function HeatTable({ model }: { model: NetworkModel }) {
  const scheme = useComputedColorScheme('light');
  const all = model.scores.flat();
  const min = Math.min(...all);
  const max = Math.max(...all);
  const strength = (score: number) => (max === min ? 0.5 : (score - min) / (max - min));
  const best = model.ranking[0];
  const captionId = useId();
  const scroller = useRef<HTMLElement>(null);
  const bestHour = best?.hour;
  // On a narrow screen only a few hours fit: start with the best slot in view, not midnight.
  useEffect(() => {
    const box = scroller.current;
    if (!box || bestHour === undefined || box.scrollWidth <= box.clientWidth) return;
    const cell = box.querySelector<HTMLElement>(`td[data-hour="${bestHour}"]`);
    if (cell) box.scrollLeft = Math.max(0, cell.offsetLeft - box.clientWidth / 2);
  }, [bestHour]);
  return (
    <Stack gap={4}>
      {/* A focusable region so keyboard users can scroll it (375 px shows a few hours at a time). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard */}
      <section ref={scroller} className={classes.scroller} aria-labelledby={captionId} tabIndex={0}>
        <table className={classes.table}>
          <caption id={captionId} className={classes.srOnly}>
            {text.tableCaption(model.platform)}
          </caption>
          <thead>
            <tr>
              <td className={classes.rowHeader} />
              {HOURS.map((hour) => (
                <th key={hour} scope="col" abbr={text.hourHeader(hour)}>
                  {String(hour).padStart(2, '0')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEK_ORDER.map((weekday) => (
              <tr key={weekday}>
                <th scope="row" className={classes.rowHeader} abbr={WEEKDAY_NAMES[weekday]}>
                  {WEEKDAY_SHORT[weekday]}
                </th>
                {HOURS.map((hour) => {
                  const score = model.scores[weekday]![hour]!;
                  const colors = heatColors(strength(score), scheme);
                  const isBest = best?.weekday === weekday && best.hour === hour;
                  return (
                    <td
                      key={hour}
                      className={isBest ? `${classes.cell} ${classes.best}` : classes.cell}
                      style={{ background: rgb(colors.background), color: rgb(colors.text) }}
                      title={text.cellLabel(weekday, hour, score)}
                      data-weekday={weekday}
                      data-hour={hour}
                    >
                      {score}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div className={classes.legend} aria-hidden>
          <span>{text.legendLow}</span>
          <span
            className={classes.legendBar}
            style={{
              background: `linear-gradient(to right, ${rgb(heatColors(0, scheme).background)}, ${rgb(heatColors(1, scheme).background)})`,
            }}
          />
          <span>{text.legendHigh}</span>
        </div>
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {text.scrollHint}
        </Text>
      </Group>
    </Stack>
  );
}
