// The Instagram publisher of an installation: one adapter per login, chosen per account. An account
// connected with Instagram Login (its id `iglogin:<ig-user-id>`, login.ts) is published through
// graph.instagram.com with its Instagram token; one connected with Facebook Login through
// graph.facebook.com with its Page token and appsecret_proof. Both run the same container flow
// (publish.ts); only the host, the token and the proof differ.
import type { PublisherOptions } from '../descriptor.js';
import type { NetworkAdapter, PublishTarget } from '../publishing/types.js';
import { instagramLoginOf } from './login.js';
import { createInstagramAdapter, type InstagramAdapterOptions } from './publish.js';

const INSTAGRAM_LOGIN_HOST = 'graph.instagram.com';

/** `options` as graphPublisher passes them (the app secret as `facebookAppSecret`). */
type Options = Omit<PublisherOptions, 'appSecret'> & InstagramAdapterOptions;

export function createInstagramPublisher(options: Options): NetworkAdapter {
  const facebookLogin = createInstagramAdapter(options);
  // No appsecret_proof on graph.instagram.com: the Facebook app's secret does not key its tokens.
  const { facebookAppSecret: _unused, ...rest } = options;
  const instagramLogin = createInstagramAdapter({ ...rest, graphHost: INSTAGRAM_LOGIN_HOST });
  /** The adapter of the account's login, and the target with the bare IG user id. */
  const route = <T extends { target: PublishTarget }>(request: T): [NetworkAdapter, T] => {
    const { igUserId, instagramLogin: viaInstagram } = instagramLoginOf(request.target.platformUserId);
    if (!viaInstagram) return [facebookLogin, request];
    return [instagramLogin, { ...request, target: { ...request.target, platformUserId: igUserId } }];
  };
  return {
    platform: 'instagram',
    publish(request, callOptions) {
      const [adapter, routed] = route(request);
      return adapter.publish(routed, callOptions);
    },
    lookupRecentPost(request, lookupOptions) {
      const [adapter, routed] = route(request);
      return adapter.lookupRecentPost!(routed, lookupOptions);
    },
    fetchMetrics(request) {
      const [adapter, routed] = route(request);
      return adapter.fetchMetrics(routed);
    },
    publishFirstComment(request, commentOptions) {
      const [adapter, routed] = route(request);
      return adapter.publishFirstComment!(routed, commentOptions);
    },
    lookupFirstComment(request, lookupOptions) {
      const [adapter, routed] = route(request);
      return adapter.lookupFirstComment!(routed, lookupOptions);
    },
  };
}
