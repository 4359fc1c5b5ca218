// What the themes flows need from AI drafting (server/src/ai implements it): N drafts for a
// theme, each with a network of the theme; 'screen' failures surface, the others fall back.
import type { Platform } from '@pauta/core';
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
  }): Promise<{ posts: GeneratedDraft[]; source: 'ai' | 'templates'; fallbackReason?: string | undefined }>;
}
