/** Brand pink (spec §1); the client builds its primary colour scale around it. */
export const BRAND_COLOR = '#ff1981';

/** Time zone used when a profile has none (profiles.timezone default). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
