/**
 * JSON with every object's keys sorted, so equal values give equal text whatever their key order.
 * Both halves of docs/idempotency.md use it: the browser to tell one user action from another, the
 * server to fingerprint a request's input.
 */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) =>
      item && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(
            Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : item,
    ) ?? 'undefined'
  );
}
