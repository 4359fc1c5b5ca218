// What the themes flows need from AI drafting (server/src/ai implements it): N drafts for a
// theme, each with a network of the theme; 'screen' failures surface, the others fall back.
import type { CommemorativeDate, Platform, SlideKind } from '@pauta/core';
import type { Theme } from '@pauta/db';

export type DraftMode = 'creation' | 'card' | 'screen';

export interface GeneratedDraft {
  title: string;
  content: string;
  post_order: number;
  platform: Platform;
}

export interface DraftGenerator {
  generate(input: {
    userId: string;
    theme: Theme;
    count: number;
    mode: DraftMode;
    requestId?: string;
    /**
     * The theme's commemorative dates that fall in the drafted posts' period, each with the post
     * (1..count) scheduled at or just before it (docs/commemorative-dates.md, placeCommemorativeDates).
     */
    occasions?: readonly { slot: number; date: CommemorativeDate }[];
  }): Promise<{
    posts: GeneratedDraft[];
    /** 'mixed' (creation only): some posts are the AI's, the others came from the templates. */
    source: 'ai' | 'templates' | 'mixed';
    fallbackReason?: string | undefined;
    /** How many of `posts` the AI wrote. */
    aiPosts?: number | undefined;
  }>;
  /**
   * A post's text rewritten for another network (issue 15 item 4): the AI when configured, else
   * fitted locally. Absent (tests' fakes): the caller fits locally.
   */
  adapt?(input: TextAdaptInput): Promise<{ content: string; source: 'ai' | 'fit' | 'same' }>;
  /** True when an AI key is configured (the client shows AI-only buttons). Absent: false. */
  readonly aiConfigured?: boolean;
  /**
   * A pt-BR alt text for an image of a post (issue 15 item 1), asked of the AI with the image.
   * Throws AppError AI_NOT_CONFIGURED without a key. Absent (tests' fakes): not configured.
   */
  describeImage?(input: ImageDescribeInput): Promise<string>;
  /**
   * A post as 5–10 carousel slides (issue 30 item 8, docs/carousel.md), asked of the AI. Throws
   * AppError AI_NOT_CONFIGURED without a key. Absent (tests' fakes): not configured.
   */
  writeCarousel?(input: CarouselWriteInput): Promise<{ kind: SlideKind; title: string; body: string }[]>;
}

export interface CarouselWriteInput {
  userId: string;
  postTitle: string;
  postText: string;
  themeName: string;
  requestId?: string | undefined;
}

export interface ImageDescribeInput {
  userId: string;
  /** A JPEG of at most ~1 MP. */
  jpeg: Buffer;
  postText: string;
  themeName: string;
  requestId?: string | undefined;
}

export interface TextAdaptInput {
  userId: string;
  text: string;
  from: Platform;
  to: Platform;
  themeName: string;
  requestId?: string | undefined;
}
