// What the browser may know of a network (the `@pauta/networks/browser` entry): its name, colour
// and icon, its text limit, and how its feed shows a post. Pure data plus core: nothing here
// imports Node, a network client or a secret (browser.test.ts bundles the entry to prove it).
import type { Platform } from '@pauta/core';

/** A Tabler outline icon (24 × 24, stroke) as its SVG paths: the client draws it, no brand assets. */
export interface NetworkIcon {
  /** The Tabler name (`brand-linkedin`): the drawn icon keeps Tabler's class names. */
  readonly name: string;
  readonly paths: readonly string[];
}

/** Where the network's feed cuts a post before its "ver mais". */
export interface FeedCut {
  /** Code points shown before the "ver mais"; null = never cut. */
  readonly chars: number | null;
  /** Lines shown before the "ver mais"; null = never cut by lines. */
  readonly lines: number | null;
  /** The label of the network's expander, in pt-BR as the network writes it. */
  readonly more: string;
}

/**
 * How the client draws a post of the network (components/preview): `style` names one of the
 * feed drawings the client has (a short post beside the avatar, a square photo with a caption, a
 * professional card, a social card); a new network picks the closest.
 */
export interface NetworkPreview {
  readonly style: 'microblog' | 'photo' | 'professional' | 'social';
  readonly cut: FeedCut;
  /** The whole post is shown and what passes the text limit highlighted (X), instead of a cut. */
  readonly overflowAtLimit?: boolean;
  /** Whose name the feed shows first: the Page's, the @username, or the person's name. */
  readonly author: 'page' | 'username' | 'name';
  /** The follower count under the name, as a LinkedIn Page's posts show it ("1.234 seguidores"). */
  readonly followersLine?: boolean;
  /**
   * The labels under a `social` or `professional` card when the network's feed shows others than
   * the style's reactions (pt-BR; a Google Business Profile post: "Saiba mais", "Compartilhar").
   */
  readonly actions?: readonly string[];
  /**
   * How the network shows a post's video (client components/preview/PreviewVideo.tsx), absent:
   * `feed`. `vertical-overlay`: always a 9:16 frame with the caption and the account's name over
   * its bottom and the action icons down its right side (Instagram Reels, TikTok);
   * `vertical-overlay-when-vertical`: that for a vertical (9:16) video and the feed card for any
   * other (Facebook: a 9:16 video goes as a Reel, any other as a Page video; YouTube Shorts);
   * `feed`: the video inside the feed card at its own aspect ratio (X, LinkedIn).
   */
  readonly video?: VideoPreviewStyle;
}

export type VideoPreviewStyle = 'vertical-overlay' | 'vertical-overlay-when-vertical' | 'feed';

/** The `microblog` drawing of a network whose feed shows the whole post, the @username first. */
export function wholePostPreview(more: string): NetworkPreview {
  return {
    style: 'microblog',
    cut: { chars: null, lines: null, more },
    overflowAtLimit: true,
    author: 'username',
  };
}

/** How Contas Conectadas shows the network's account, and its texts (pt-BR, from core messages). */
export interface NetworkAccountCard {
  /** The card's first line: the @handle (with the Page below), or the Page / the person's name. */
  readonly title: 'handle' | 'name';
  /** Whether the @handle is shown under the name (a network where people are known by it). */
  readonly showHandle: boolean;
  /** Why the network cannot be connected yet, when it needs more than its credentials. */
  readonly notConfigured?: string;
  /** What the account publishes through, when not a Page ('Pasta': a Pinterest board); default 'Página'. */
  readonly pageLabel?: string;
  /** Texts of the network's own connect refusals (OAUTH_FAILED `reason` → message). */
  readonly refusals?: Readonly<Record<string, string>>;
}

/**
 * One of several ways to connect the network's accounts (Instagram: Instagram Login, or Facebook
 * Login through a Page): a button per login the installation configures (`accounts.list` says
 * which); the connect route gets it as `?login=<login>`. pt-BR label.
 */
export interface NetworkConnectLogin {
  /** The OAuth client of the flow (`instagram_login`). */
  readonly login: string;
  readonly label: string;
  /** Shown on the card of an account connected this way. */
  readonly connected: string;
}

/**
 * A step before the login, for a network of many servers (Mastodon): the person types where their
 * account lives and the connect route gets it as `?<param>=…` (the server checks it: descriptor
 * `connectSteps.instance`). pt-BR texts of the field.
 */
export interface NetworkConnectPrompt {
  readonly param: string;
  readonly label: string;
  readonly placeholder: string;
  readonly description: string;
  readonly submit: string;
  /** Shown when the field is submitted empty. */
  readonly required: string;
}

/**
 * What the person picks after the login when it gives access to several places to publish to (a
 * LinkedIn Page, a Pinterest board, a Google Business Profile location): the server redirects to
 * Contas Conectadas with `?<returnParam>=<pending id>`, the client's `NetworkPendingChoiceModal`
 * shows these texts over the pending choices and sends the chosen id to
 * `accounts.selectPendingChoice`. The options are listed and applied by the descriptor's
 * `connectSteps.picker` (`ownTokenPicker`). pt-BR texts (core messages).
 */
export interface NetworkPendingChoice {
  /** Query parameter of the return URL carrying the pending choice's id. */
  readonly returnParam: string;
  readonly title: string;
  readonly description: string;
  /** The label of the list of choices ('Pastas do Pinterest'). */
  readonly label: string;
  readonly confirm: string;
  /** Shown when the person confirms without a choice. */
  readonly required: string;
  /** Shown when the pending choice is gone (expired, already used, not the person's). */
  readonly expired: string;
  /** Shown when a reconnect picks another option than the one connected (`different_account`). */
  readonly differentChoice: string;
  /** What an option's id looks like (a RegExp source, whole id): another is refused before any read. */
  readonly choiceIdPattern: string;
}

/** Weekday (0 = Sunday … 6 = Saturday) and local hour (0–23) weights of the best-time prior. */
export interface PriorShape {
  readonly days: readonly number[];
  readonly hours: readonly number[];
}

/** One field of a connect form (a network that logs in without an OAuth redirect: Bluesky). */
export interface ConnectFormField {
  /** The key the server's connect form receives (`identifier`, `password`, `service`). */
  readonly name: string;
  readonly label: string;
  readonly placeholder?: string;
  /** `password`: masked, never echoed back, never stored in clear. */
  readonly kind: 'text' | 'password';
  readonly required: boolean;
}

/** A connect form shown in Contas Conectadas instead of the OAuth redirect (pt-BR texts). */
export interface ConnectForm {
  readonly title: string;
  readonly help: string;
  readonly submit: string;
  readonly fields: readonly ConnectFormField[];
}

/**
 * One choice a post makes on its network, set per post in Editar Post and the composer, read by
 * the network's adapter (`PublishRequest.options`): YouTube's privacy and "made for kids",
 * TikTok's privacy level, Google's post type and button. The client draws the form from these;
 * the server validates a post's values against them (unknown key, value outside `choices`, text
 * over `maxLength`, a missing `required` one → the field's pt-BR message, nothing saved).
 */
export interface PostOptionField {
  readonly key: string;
  /** pt-BR label of the field. */
  readonly label: string;
  /** pt-BR help under the field (TikTok: "Enquanto o app não passa pela auditoria…"). */
  readonly help?: string;
  readonly kind: 'choice' | 'boolean' | 'text' | 'url' | 'datetime';
  /** For `choice`: the values and their pt-BR labels, in the order shown. */
  readonly choices?: readonly { readonly value: string; readonly label: string }[];
  readonly default?: string | boolean | null;
  readonly required?: boolean;
  readonly maxLength?: number;
  /** Shown and validated only while another option has this value (Google: an offer's coupon). */
  readonly when?: { readonly key: string; readonly equals: string | boolean };
  /**
   * Shown and validated only while another option has one of these values (Google: the button
   * for a Novidade or an Evento, never an Oferta; its link for every button but "Ligar agora").
   * An option that is unset, or hidden itself, has none of them.
   */
  readonly whenIn?: { readonly key: string; readonly values: readonly (string | boolean)[] };
  /** For `datetime`: must not be earlier than this other datetime option (an event's end). */
  readonly notBefore?: string;
  /** Only for posts with a video, or only without one (YouTube's options apply to video). */
  readonly media?: 'video' | 'no-video';
}

export interface NetworkProfile {
  readonly platform: Platform;
  /** The name shown everywhere ('X (Twitter)'): core PLATFORM_LABELS. */
  readonly label: string;
  /** A Mantine colour, shown only next to the network's name (never the only signal). */
  readonly color: string;
  /** A Mantine colour and shade for the network's series in the dashboard's charts. */
  readonly chartColor: string;
  readonly icon: NetworkIcon;
  /** Most characters a post may have (core PLATFORM_TEXT_LIMITS; X: weighted, measurePostLength). */
  readonly textLimit: number;
  readonly preview: NetworkPreview;
  readonly accountCard: NetworkAccountCard;
  /** Present when connecting starts with a typed server (Mastodon's instance). */
  readonly connectPrompt?: NetworkConnectPrompt;
  /** Present when accounts connect in more than one way (Instagram), in the order shown. */
  readonly connectLogins?: readonly NetworkConnectLogin[];
  /** pt-BR: shown on the card while not connected, when the person chooses between the logins. */
  readonly connectLoginsHint?: string;
  /** Present when the network connects through a form (an app password) instead of OAuth. */
  readonly connectForm?: ConnectForm;
  /** Present when the login may give several places to publish to and the person picks one. */
  readonly pendingChoice?: NetworkPendingChoice;
  /** The choices a post makes on this network (absent: none). */
  readonly postOptions?: readonly PostOptionField[];
  /**
   * Present when the network takes a first comment under the post (docs/first-comment.md; the
   * descriptor's `capabilities.firstComment`): the longest one, counted as the network counts its
   * posts (measurePostLength), and whether the network calls it a comment or a reply.
   */
  readonly firstComment?: { readonly maxLength: number; readonly kind: 'comment' | 'reply' };
  /**
   * The best-time model's prior (docs/best-time.md): how good each local weekday × hour is before
   * the user has results of their own. ASSUMPTION, not data of ours: the shape follows the
   * commonly published industry studies of when posts get the most engagement (Sprout Social,
   * Hootsuite, Later), in the audience's local time, which we take to be the user's zone.
   */
  readonly bestTimePrior: PriorShape;
}

/** What a network's profile.ts declares: all but the label and the limit, which core holds. */
export type NetworkProfileDeclaration = Omit<NetworkProfile, 'label' | 'textLimit'>;
