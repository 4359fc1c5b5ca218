// Shapes of the posts, published and dashboard APIs as the client uses them (the server's
// contract). The views pass the server's answers into these, so a drift fails the type check.
import type { Platform, PostStatus } from '@pauta/core';

export interface PostItem {
  id: string;
  themeId: string;
  themeName: string;
  themeColor: string;
  title: string;
  content: string;
  platform: Platform;
  postOrder: number;
  scheduledFor: Date;
  createdAt: Date;
  isUsed: boolean;
  status: PostStatus;
  version: number;
  attempts: number;
  /** A core PublishErrorCode (→ publishErrorMessages), or null. */
  lastError: string | null;
  updatedAt: Date;
}

/** The filters of `posts.list` / `posts.deleteFiltered` (dates are local 'YYYY-MM-DD'). */
export interface PostFilterInput {
  themeId?: string;
  platform?: Platform;
  scheduledFrom?: string;
  scheduledTo?: string;
  createdFrom?: string;
  createdTo?: string;
  statuses?: PostStatus[];
}

export interface PublishedItem {
  id: string;
  themeId: string | null;
  themeName: string | null;
  themeColor: string | null;
  title: string;
  content: string;
  platform: Platform;
  publishedAt: Date;
  url: string | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  engagementRate: number | null;
  metricsUpdatedAt: Date | null;
}
