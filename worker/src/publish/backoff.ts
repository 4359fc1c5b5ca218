/** Exponential backoff with full jitter: attempt n waits up to base·2^(n-1), capped (W7). */
export function retryDelayMs(
  attempt: number,
  options: { baseMs: number; maxMs: number; random?: () => number },
): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  const random = options.random ?? Math.random;
  // Half fixed, half random: never zero, never a thundering herd.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
