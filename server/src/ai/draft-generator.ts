// `generatePosts` bound to the process's deps, in the shape the themes flows call
// (`deps.drafts.generate(...)` with a themes row): build it once next to the AI client.
import type { CommemorativeDate, Platform } from '@pauta/core';
import { type WriteCarouselInput, type WrittenSlide, writeCarousel } from '../carousel/write-carousel.js';
import { type AdaptedText, type AdaptInput, adaptPostText } from './adapt.js';
import { type DescribeImageInput, describeImage } from './describe-image.js';
import {
  type DraftMode,
  type GeneratePostsDeps,
  type GeneratePostsResult,
  generatePosts,
} from './generate-posts.js';

/** The theme fields drafting reads (a `themes` row fits). */
export interface DraftTheme {
  name: string;
  description: string;
  tone_of_voice: string[] | null;
  avoid_topics: string[] | null;
  social_networks: Platform[];
}

export interface AiDraftGenerator {
  generate(input: {
    userId: string;
    theme: DraftTheme;
    count: number;
    mode: DraftMode;
    requestId?: string;
    /** The theme's dates in the posts' period, each with its post 1..count (docs/commemorative-dates.md). */
    occasions?: readonly { slot: number; date: CommemorativeDate }[];
  }): Promise<GeneratePostsResult>;
  adapt(input: AdaptInput): Promise<AdaptedText>;
  readonly aiConfigured: boolean;
  describeImage(input: DescribeImageInput): Promise<string>;
  writeCarousel(input: WriteCarouselInput): Promise<WrittenSlide[]>;
}

export function createDraftGenerator(deps: GeneratePostsDeps): AiDraftGenerator {
  return {
    adapt: (input) => adaptPostText(deps, input),
    aiConfigured: deps.ai.anthropic !== null,
    describeImage: (input) => describeImage(deps, input),
    writeCarousel: (input) => writeCarousel(deps, input),
    generate: ({ userId, theme, count, mode, requestId, occasions = [] }) =>
      generatePosts(deps, {
        userId,
        theme: {
          name: theme.name,
          description: theme.description,
          toneOfVoice: theme.tone_of_voice ?? [],
          avoidTopics: theme.avoid_topics ?? [],
          socialNetworks: theme.social_networks,
        },
        count,
        mode,
        commemorativeDates: occasions.map(({ slot, date }) => ({
          name: date.name,
          date: date.isoDate,
          description: date.description,
          slot,
        })),
        ...(requestId === undefined ? {} : { requestId }),
      }),
  };
}
