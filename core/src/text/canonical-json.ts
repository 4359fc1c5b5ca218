/** Thrown for a value nested deeper than canonicalJson's limit (no real input is that deep). */
export class CanonicalJsonDepthError extends Error {
  override name = 'CanonicalJsonDepthError';
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A stable text for any value a request may carry, so equal values give equal text whatever their
 * key order: plain JSON with every object's keys sorted, and tagged forms for what JSON cannot
 * say (Dates, bigints, undefined, non-finite numbers, Maps, Sets). Own keys such as `__proto__` or
 * `constructor` are just keys. Both halves of docs/idempotency.md use it: the browser to tell one
 * user action from another, the server to fingerprint a request's input before validation — so it
 * never throws on odd input, except past `maxDepth` levels of nesting.
 */
export function canonicalJson(value: unknown, maxDepth = 64): string {
  const encode = (item: unknown, depth: number): string => {
    if (depth > maxDepth) throw new CanonicalJsonDepthError(`mais de ${maxDepth} níveis`);
    if (item === null) return 'null';
    switch (typeof item) {
      case 'undefined':
        return 'undefined';
      case 'string':
      case 'boolean':
        return JSON.stringify(item);
      case 'number':
        return Number.isFinite(item) ? JSON.stringify(item) : `{"$number":"${String(item)}"}`;
      case 'bigint':
        return `{"$bigint":"${item.toString()}"}`;
      case 'object':
        break;
      default:
        return `{"$${typeof item}":${JSON.stringify(String(item))}}`;
    }
    if (Array.isArray(item)) {
      return `[${Array.from(item, (entry) => encode(entry, depth + 1)).join(',')}]`;
    }
    if (item instanceof Date) {
      return `{"$date":${JSON.stringify(Number.isNaN(item.getTime()) ? 'Invalid' : item.toISOString())}}`;
    }
    if (item instanceof Map) {
      const entries = [...item].map(([k, v]) => `[${encode(k, depth + 1)},${encode(v, depth + 1)}]`);
      return `{"$map":[${entries.sort(compare).join(',')}]}`;
    }
    if (item instanceof Set) {
      return `{"$set":[${[...item]
        .map((entry) => encode(entry, depth + 1))
        .sort(compare)
        .join(',')}]}`;
    }
    const record = item as Record<string, unknown>;
    const keys = Object.keys(record).sort(compare);
    return `{${keys.map((key) => `${JSON.stringify(key)}:${encode(record[key], depth + 1)}`).join(',')}}`;
  };
  return encode(value, 0);
}
