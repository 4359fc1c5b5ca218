import type { Platform } from '@pauta/core';
import { measurePostLength, PLATFORM_TEXT_LIMITS } from '@pauta/core';

interface LengthCheck {
  /** The platform whose limit is closest (or most exceeded). */
  platform: Platform;
  used: number;
  limit: number;
  over: boolean;
}

/** The tightest limit among a draft's platforms, measured as that network counts. */
export function tightestLimit(platforms: readonly Platform[], content: string): LengthCheck | null {
  let tightest: LengthCheck | null = null;
  for (const platform of platforms) {
    const used = measurePostLength(platform, content);
    const limit = PLATFORM_TEXT_LIMITS[platform];
    if (!tightest || limit - used < tightest.limit - tightest.used)
      tightest = { platform, used, limit, over: used > limit };
  }
  return tightest;
}
