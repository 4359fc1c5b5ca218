/**
 * pt-BR number formats of the dashboard and of published posts (spec §9): reach and likes in
 * compact form ('1,5k', '2,3M') and engagement rates ('4,5%').
 */
import { messages } from '../messages/messages.js';

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const upToOneDecimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
// signDisplay 'negative' keeps a tiny negative rate from printing as '-0,0'.
const oneDecimal = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'negative',
});

const THOUSAND = 1_000;
const MILLION = 1_000_000;

/** `count / unit` in tenths, half rounded up, in exact integer arithmetic (`unit` divisible by 20). */
function tenthsOf(count: number, unit: number): number {
  return Math.floor((count + unit / 20) / (unit / 10));
}

/**
 * Reach/likes in compact pt-BR form: '1k from 1,000, 1M from 1,000,000, one decimal'.
 * - The value is first rounded to a whole number (counts are integers).
 * - Below 1,000: the integer itself ('999').
 * - From 1,000: thousands with at most one decimal, half rounded up, ',0' dropped:
 *   1000 → '1k', 1050 → '1,1k', 1500 → '1,5k', 999_949 → '999,9k'.
 * - From 999,950 (which would round to '1000k') and from 1,000,000: millions the same way:
 *   999_950 → '1M', 1_000_000 → '1M', 2_345_678 → '2,3M'; billions stay in M ('1.234,6M').
 * - null, undefined, NaN or ±Infinity: '—' (no data). Negative values mirror positive ones.
 * The rounding is done on integers so that binary floating point never tips a boundary.
 */
export function formatCompactNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return messages.dashboard.noValue;
  const rounded = Math.round(Math.abs(value));
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  if (rounded < THOUSAND) return sign + integer.format(rounded);
  const thousandTenths = tenthsOf(rounded, THOUSAND);
  if (thousandTenths < 10 * THOUSAND) return `${sign}${upToOneDecimal.format(thousandTenths / 10)}k`;
  return `${sign}${upToOneDecimal.format(tenthsOf(rounded, MILLION) / 10)}M`;
}

/**
 * An engagement rate, already in percent, with exactly one decimal: 4.5 → '4,5%', 5 → '5,0%',
 * 0.04 → '0,0%'. null, undefined, NaN or ±Infinity: 'N/A'.
 */
export function formatEngagement(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return messages.common.notAvailable;
  return `${oneDecimal.format(rate)}%`;
}
