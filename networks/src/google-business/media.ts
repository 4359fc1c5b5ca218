// Google Business Profile's image limits for a post's photo (Business Profile help, "Photo and
// video guidelines"; localPosts `media[].sourceUrl`): JPG or PNG, 10 KB to 5 MB, at least 250 ×
// 250 px (720 × 720 recommended; the 10 KB minimum is not checked: an upload is far larger); one photo per post through the API (`mediaFormat: PHOTO`).
// Google fetches the photo from its URL (the signed media URL), so it must be publicly readable.
// https://support.google.com/business/answer/6103862
// https://developers.google.com/my-business/reference/rest/v4/accounts.locations.localPosts#LocalPost
import type { MediaLimits } from '@pauta/core';

export const GOOGLE_BUSINESS_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/png'],
  maxBytes: 5 * 1024 * 1024,
  maxImages: 1,
  minWidth: 250,
};

/** Google's smallest photo side (height included: MediaLimits has a minimum width only). */
export const GOOGLE_BUSINESS_MIN_SIDE = 250;
