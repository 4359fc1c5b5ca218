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
