// The app's screen-reader announcer: two live regions mounted at start-up (app/Announcer.tsx),
// one polite, one assertive. Live regions must already be in the page when their text changes,
// so anything that appears later (toasts, live status from the server) announces through here.
//   announce('Post publicado no LinkedIn')              → polite (waits for the reader to pause)
//   announce('Erro: ...', { assertive: true })          → interrupts (errors only)

export type Politeness = 'polite' | 'assertive';

interface Announcement {
  text: string;
  /** Increments on every announcement, so the same text twice is announced twice. */
  id: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();
const current: Record<Politeness, Announcement> = {
  polite: { text: '', id: 0 },
  assertive: { text: '', id: 0 },
};
let sequence = 0;

export function announce(text: string, options: { assertive?: boolean } = {}): void {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (!trimmed) return;
  sequence += 1;
  current[options.assertive ? 'assertive' : 'polite'] = { text: trimmed, id: sequence };
  for (const listener of listeners) listener();
}

export function subscribeAnnouncements(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentAnnouncement(politeness: Politeness): Announcement {
  return current[politeness];
}
