/**
 * Account connection failures are mapped by the content of the provider's error (spec §8):
 * each kind has its own guidance text, with specific wording for X (Twitter) and LinkedIn.
 */
import type { Platform } from '../constants/platforms.js';

export const CONNECTION_ERROR_KINDS = [
  'invalid_path',
  'unauthorized_scope',
  'invalid_request',
  'access_denied',
  'network',
] as const;
export type ConnectionErrorKind = (typeof CONNECTION_ERROR_KINDS)[number];

/** The general text, and a network's own where its developer portal needs naming. */
type Guidance = { readonly default: string } & { readonly [platform in Platform]?: string };

export const connectionErrorMessages = {
  invalid_path: {
    default:
      'A URL de retorno não está autorizada no aplicativo da rede social. Verifique as URLs de redirecionamento.',
    x: 'A URL de retorno não está cadastrada no aplicativo do X (Twitter). Verifique a Callback URI no portal de desenvolvedores do X.',
    linkedin:
      'A URL de retorno não está autorizada no aplicativo do LinkedIn. Verifique as Authorized redirect URLs no LinkedIn Developers.',
  },
  unauthorized_scope: {
    default:
      'O aplicativo não tem permissão para as informações solicitadas. Verifique as permissões do aplicativo.',
    x: 'O aplicativo do X (Twitter) não tem as permissões necessárias (tweet.read, users.read e offline.access). Verifique as permissões no portal de desenvolvedores do X.',
    linkedin:
      'O aplicativo do LinkedIn não tem os produtos necessários. Habilite "Sign In with LinkedIn using OpenID Connect" e "Share on LinkedIn" no LinkedIn Developers.',
  },
  invalid_request: {
    default: 'A solicitação de conexão foi recusada pela rede social. Tente novamente.',
    x: 'O X (Twitter) recusou a solicitação. Verifique se o OAuth 2.0 está ativado no aplicativo e se o Client ID está correto.',
    linkedin: 'O LinkedIn recusou a solicitação. Verifique o Client ID e as configurações do aplicativo.',
  },
  access_denied: {
    default:
      'A autorização foi negada ou cancelada. Para conectar a conta, tente novamente e autorize o acesso.',
  },
  network: {
    default:
      'Não foi possível se comunicar com a rede social. Verifique sua conexão com a internet e tente novamente.',
  },
} as const satisfies Record<ConnectionErrorKind, Guidance>;

const PATTERNS: readonly (readonly [ConnectionErrorKind, RegExp])[] = [
  ['invalid_path', /redirect_uri|redirect uri|callback|invalid path|invalid_path/i],
  ['unauthorized_scope', /scope/i],
  ['access_denied', /access_denied|access denied|user_cancelled|cancel/i],
  ['invalid_request', /invalid_request|invalid request|invalid_client|unauthorized_client/i],
  ['network', /network|fetch|refused|econn|timed? ?out|etimedout|enotfound/i],
];

/** The kind of a connection error from its message; `null` when none matches (generic text). */
export function classifyConnectionError(message: string): ConnectionErrorKind | null {
  for (const [kind, pattern] of PATTERNS) {
    if (pattern.test(message)) return kind;
  }
  return null;
}

/** Guidance text for a kind of connection error on a platform. */
export function connectionErrorMessage(kind: ConnectionErrorKind, platform?: Platform): string {
  const guidance: Guidance = connectionErrorMessages[kind];
  return (platform && guidance[platform]) || guidance.default;
}
