import { commemorativeMessages, getErrorMessage, messages } from '@pauta/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postItem } from '../../test-utils/posts-fixtures';
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { rangeOf, shiftAnchor, visibleDays } from './calendar-model';
import { PostCalendar } from './PostCalendar';

const text = messages.calendar;
const TOKYO = 'Asia/Tokyo';

function open(posts: unknown[], props: Partial<Parameters<typeof PostCalendar>[0]> = {}) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'posts.calendar': posts,
    'posts.reschedule': (input: unknown) => ({ ...(posts[0] as object), ...(input as object) }),
  });
  const onEdit = vi.fn();
  render(
    <PostCalendar
      timeZone={TOKYO}
      onEdit={onEdit}
      initialDate={{ year: 2026, month: 11, day: 10 }}
      {...props}
    />,
  );
  return { api, onEdit };
}

function cell(day: string) {
  return document.querySelector(`[data-day="${day}"]`) as HTMLElement;
}

describe('calendar model', () => {
  it('shows whole weeks from Sunday covering the month', () => {
    const days = visibleDays('month', { year: 2026, month: 11, day: 10 });
    expect(days[0]).toEqual({ year: 2026, month: 11, day: 1 }); // 1 Nov 2026 is a Sunday
    expect(days).toHaveLength(35);
    expect(days[34]).toEqual({ year: 2026, month: 12, day: 5 });
    const week = visibleDays('week', { year: 2026, month: 11, day: 11 });
    expect(week[0]).toEqual({ year: 2026, month: 11, day: 8 });
    expect(week).toHaveLength(7);
    expect(shiftAnchor('month', { year: 2026, month: 12, day: 9 }, 1)).toEqual({
      year: 2027,
      month: 1,
      day: 1,
    });
  });

  it('asks for the range between local midnights of the user zone', () => {
    const { from, to } = rangeOf(visibleDays('week', { year: 2026, month: 11, day: 11 }), TOKYO);
    expect(from.toISOString()).toBe('2026-11-07T15:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-14T15:00:00.000Z');
  });
});

describe('PostCalendar', () => {
  // "Now" is 11 Nov 2026, 09:00 in Tokyo: the month shown has past and future days.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-11T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function dataTransfer() {
    const store = new Map<string, string>();
    return {
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
  }

  it('marks the slots whose time has passed as invalid drop targets and never sends them', async () => {
    // 12 Nov, 05:00 in Tokyo; on 11 Nov that time passed at 05:00, four hours ago.
    const post = postItem({ title: 'Amanhã cedo', scheduledFor: new Date('2026-11-11T20:00:00Z') });
    const { api } = open([post]);
    const chip = await within(cell('2026-11-12')).findByRole('button', { name: /Amanhã cedo/ });
    const transfer = dataTransfer();
    fireEvent.dragStart(chip, { dataTransfer: transfer });
    await waitFor(() => expect(cell('2026-11-11').hasAttribute('data-past-slot')).toBe(true));
    expect(cell('2026-11-01').hasAttribute('data-past-slot')).toBe(true);
    expect(cell('2026-11-13').hasAttribute('data-past-slot')).toBe(false);

    // Over a past slot the drop is refused (no preventDefault) and the day is outlined as invalid.
    const over = fireEvent.dragOver(cell('2026-11-11'), { dataTransfer: transfer });
    expect(over).toBe(true);
    fireEvent.drop(cell('2026-11-11'), { dataTransfer: transfer });
    await expectToast(messages.common.error, text.pastDrop);
    expect(api.callsTo('posts.reschedule')).toHaveLength(0);

    // A future slot accepts it.
    fireEvent.dragStart(chip, { dataTransfer: transfer });
    expect(fireEvent.dragOver(cell('2026-11-13'), { dataTransfer: transfer })).toBe(false);
  });

  it('in selection mode a chip is a toggle (aria-pressed) that ticks the post instead of opening it', async () => {
    const post = postItem({ title: 'Para selecionar', scheduledFor: new Date('2026-11-11T20:00:00Z') });
    const selected = new Set<string>();
    const onPosts = vi.fn();
    const onToggle = vi.fn((id: string, checked: boolean) =>
      checked ? selected.add(id) : selected.delete(id),
    );
    const { onEdit } = open([post], {
      selection: { isSelected: (id) => selected.has(id), onToggle, onPosts },
    });
    const chip = await within(cell('2026-11-12')).findByRole('button', { name: /Para selecionar/ });
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    expect(chip.getAttribute('draggable')).toBe('false');
    fireEvent.click(chip);
    expect(onToggle).toHaveBeenCalledWith(post.id, true);
    expect(onEdit).not.toHaveBeenCalled();
    await waitFor(() => expect(onPosts).toHaveBeenLastCalledWith([post.id]));
  });

  it("shows the server's reason when it refuses the new date", async () => {
    const post = postItem({ title: 'Recusado', scheduledFor: new Date('2026-11-11T20:00:00Z') });
    const { api } = open([post]);
    api.set('posts.reschedule', () => {
      throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', {
        details: { field: 'scheduledFor', reason: 'PAST' },
      });
    });
    const chip = await within(cell('2026-11-12')).findByRole('button', { name: /Recusado/ });
    const transfer = dataTransfer();
    fireEvent.dragStart(chip, { dataTransfer: transfer });
    fireEvent.dragOver(cell('2026-11-14'), { dataTransfer: transfer });
    fireEvent.drop(cell('2026-11-14'), { dataTransfer: transfer });
    await expectToast(messages.common.error, messages.posts.pastSchedule);

    api.set('posts.reschedule', () => {
      throw new TrpcErrorResponse('BAD_REQUEST', 'SCHEDULE_OUT_OF_RANGE');
    });
    fireEvent.dragStart(chip, { dataTransfer: transfer });
    fireEvent.drop(cell('2026-11-15'), { dataTransfer: transfer });
    await expectToast(messages.common.error, getErrorMessage('SCHEDULE_OUT_OF_RANGE'));
  });

  it('places each post on its local day in the user zone, as a chip with time and title', async () => {
    // 2026-11-22 20:00 UTC is already 23 Nov, 05:00 in Tokyo.
    const post = postItem({ title: 'Madrugada', scheduledFor: new Date('2026-11-22T20:00:00Z') });
    const { api, onEdit } = open([post]);
    expect(await screen.findByText('Novembro de 2026')).toBeTruthy();
    const chip = await within(cell('2026-11-23')).findByRole('button', {
      name: /^05:00 Madrugada\s*· LinkedIn \(Agendado\)$/,
    });
    // The chip says which network the post is for (icon and accessible name).
    expect(chip.getAttribute('data-platform')).toBe('linkedin');
    expect(chip.querySelector('svg')).toBeTruthy();
    expect(within(cell('2026-11-22')).queryByRole('button')).toBeNull();
    const input = api.callsTo('posts.calendar')[0]?.input as { from: Date; to: Date };
    expect(input.from.toISOString()).toBe('2026-10-31T15:00:00.000Z');
    expect(input.to.toISOString()).toBe('2026-12-05T15:00:00.000Z');
    fireEvent.click(chip);
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: post.id }));
  });

  it('reschedules a dropped chip to the new day at the same local time', async () => {
    const post = postItem({ title: 'Arrastável', scheduledFor: new Date('2026-11-22T20:00:00Z') });
    const { api } = open([post]);
    const chip = await within(cell('2026-11-23')).findByRole('button', { name: /Arrastável/ });
    expect(chip.getAttribute('draggable')).toBe('true');
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    fireEvent.dragStart(chip, { dataTransfer });
    fireEvent.dragOver(cell('2026-11-26'), { dataTransfer });
    fireEvent.drop(cell('2026-11-26'), { dataTransfer });
    await expectToast(messages.common.success, messages.posts.dateUpdated);
    expect(api.callsTo('posts.reschedule')[0]?.input).toEqual({
      id: post.id,
      // 26 Nov, 05:00 in Tokyo.
      scheduledFor: new Date('2026-11-25T20:00:00.000Z'),
    });
  });

  it('does not let a published post be dragged', async () => {
    open([postItem({ title: 'Já foi', status: 'published' })]);
    const chip = await screen.findByRole('button', { name: /Já foi/ });
    expect(chip.getAttribute('draggable')).toBe('false');
  });

  it("collapses an overflowing day into '+N mais'", async () => {
    const posts = [1, 2, 3, 4, 5].map((hour) =>
      postItem({ title: `Post das ${hour}`, scheduledFor: new Date(`2026-11-15T0${hour}:00:00Z`) }),
    );
    open(posts);
    const day = cell('2026-11-15');
    await within(day).findByText('Post das 1');
    expect(within(day).getAllByRole('listitem')).toHaveLength(2);
    // Its name starts with what it shows (label-content-name-mismatch): "+3 mais: ver todos os posts…".
    const more = within(day).getByRole('button', { name: /^\+3 mais: ver todos os posts de / });
    expect(more.textContent).toBe(text.more(3));
    fireEvent.click(more);
    expect(await screen.findByRole('button', { name: /Post das 5/ })).toBeTruthy();
  });

  it("closes '+N mais' when one of its posts is opened, so the list never covers Editar Post", async () => {
    const posts = [1, 2, 3, 4, 5].map((hour) =>
      postItem({ title: `Post das ${hour}`, scheduledFor: new Date(`2026-11-15T0${hour}:00:00Z`) }),
    );
    const { onEdit } = open(posts);
    const day = cell('2026-11-15');
    fireEvent.click(await within(day).findByRole('button', { name: /^\+3 mais/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Post das 5/ }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ title: 'Post das 5' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Post das 5/ })).toBeNull());
  });

  it('switches to the week view and navigates', async () => {
    const { api } = open([]);
    await screen.findByText('Novembro de 2026');
    fireEvent.click(screen.getByRole('radio', { name: text.week }));
    expect(await screen.findByText('08/11 – 14/11/2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text.nextWeek }));
    expect(await screen.findByText('15/11 – 21/11/2026')).toBeTruthy();
    await waitFor(() => {
      const last = api.callsTo('posts.calendar').at(-1)?.input as { from: Date };
      expect(last.from.toISOString()).toBe('2026-11-14T15:00:00.000Z');
    });
  });

  describe('commemorative dates', () => {
    const blackFriday = commemorativeMessages.markerLabel('Black Friday', false);

    it('labels the days of the dates on screen, with the description in a tooltip', async () => {
      open([]);
      const marker = await within(cell('2026-11-27')).findByRole('img', { name: blackFriday });
      expect(marker.textContent).toBe('Black Friday');
      // A national holiday says so; a neighbouring month's day in the grid is labelled too.
      const holiday = within(cell('2026-11-20')).getByRole('img', {
        name: commemorativeMessages.markerLabel('Dia Nacional de Zumbi e da Consciência Negra', true),
      });
      // A long name shows its short form on the day; the full one is its name.
      expect(holiday.textContent).toBe('Consciência Negra');
      within(cell('2026-11-30')).getByRole('img', {
        name: commemorativeMessages.markerLabel('Cyber Monday', false),
      });
      // A day without a date has no label.
      expect(within(cell('2026-11-26')).queryByRole('img')).toBeNull();
      fireEvent.focus(marker);
      expect((await screen.findByRole('tooltip')).textContent).toContain(
        'Black Friday — Varejo. A maior data de promoções do ano',
      );
    });

    it('follows the month on screen', async () => {
      open([]);
      await within(cell('2026-11-27')).findByRole('img', { name: blackFriday });
      fireEvent.click(screen.getByRole('button', { name: text.nextMonth }));
      await within(cell('2026-12-25')).findByRole('img', {
        name: commemorativeMessages.markerLabel('Natal', true),
      });
      expect(screen.queryByRole('img', { name: blackFriday })).toBeNull();
    });

    it('hides them with the toggle, remembered for the person in this browser', async () => {
      open([]);
      await within(cell('2026-11-27')).findByRole('img', { name: blackFriday });
      // The choice is kept under the signed-in person's id (read once the session has answered).
      const personal = () =>
        Object.keys({ ...window.localStorage }).filter(
          (key) => key.startsWith('pauta:calendar:commemorative-dates:') && !key.endsWith(':anonymous'),
        );
      await waitFor(() => expect(personal()).toHaveLength(1));
      const toggle = screen.getByRole('switch', { name: commemorativeMessages.toggle });
      expect((toggle as HTMLInputElement).checked).toBe(true);
      fireEvent.click(toggle);
      await waitFor(() => expect(screen.queryByRole('img', { name: blackFriday })).toBeNull());
      expect(window.localStorage.getItem(personal()[0]!)).toBe('false');
      cleanup();
      open([]);
      await waitFor(() =>
        expect(
          (screen.getByRole('switch', { name: commemorativeMessages.toggle }) as HTMLInputElement).checked,
        ).toBe(false),
      );
      expect(screen.queryByRole('img', { name: blackFriday })).toBeNull();
    });
  });
});
