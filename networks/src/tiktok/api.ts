// TikTok's hosts (API v2): the Login Kit dialog on www.tiktok.com, everything else on
// open.tiktokapis.com/v2 (token, revoke, user/info, the Content Posting API, video/query). The
// upload URLs of a FILE_UPLOAD come in init's answer (open-upload.tiktokapis.com).
// https://developers.tiktok.com/doc/login-kit-web
// https://developers.tiktok.com/doc/content-posting-api-reference-direct-post
export const TIKTOK_AUTHORIZE_URL = 'https://www.tiktok.com/v2/auth/authorize/';
export const TIKTOK_API = 'https://open.tiktokapis.com/v2';
