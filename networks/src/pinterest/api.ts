// Pinterest API v5's hosts: the OAuth dialog on www.pinterest.com, everything else on
// api.pinterest.com/v5 (token, user_account, boards, pins, analytics).
// https://developers.pinterest.com/docs/getting-started/set-up-authentication-and-authorization/
export const PINTEREST_AUTHORIZE_URL = 'https://www.pinterest.com/oauth/';
export const PINTEREST_API = 'https://api.pinterest.com/v5';
