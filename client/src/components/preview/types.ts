/** An image of a post, as the preview shows it (m-media's upload passes these in). */
export interface PreviewImage {
  url: string;
  alt: string;
}

/** The connected account a post goes out from (from `accounts.list`); null = not connected. */
export interface PreviewAccount {
  name: string | null;
  username: string | null;
  pageName: string | null;
  avatarUrl: string | null;
  /** Its follower count where the network shows it under the name (a LinkedIn Page); absent: not shown. */
  followers?: number | null;
}

/** The post's video, as the preview draws it (from `media.list`). */
export interface PreviewVideo {
  /** The video's signed URL (its first frame is shown while it has no cover). */
  url: string;
  /** The cover image (a chosen frame or an uploaded image); null until one is chosen. */
  coverUrl: string | null;
  durationSeconds: number;
  /** As shown (after the file's rotation). */
  width: number;
  height: number;
}
