// LinkedIn publishing: `POST /rest/posts` as the member (urn:li:person:<sub>), versioned API.
// Personal profiles have no post analytics for our scopes, so metrics are always unavailable.
import { fitsPlatformLimit } from '@pauta/core';
import {
  classifyHttpStatus,
  DEFAULT_TIMEOUT_MS,
  type HttpContext,
  isObject,
  publishError,
  sendRequest,
  stringField,
} from './http.js';
import { escapeLittleText } from './little-text.js';
import type { AdapterOptions, NetworkAdapter, PostMetrics, PublishResult } from './types.js';

export const DEFAULT_LINKEDIN_VERSION = '202601';
const POSTS_URL = 'https://api.linkedin.com/rest/posts';

function linkedinMessage(body: unknown): { message: string | null; code: string | undefined } {
  if (!isObject(body)) return { message: null, code: undefined };
  const code = stringField(body, 'code') ?? stringField(body, 'serviceErrorCode') ?? undefined;
  return { message: stringField(body, 'message'), code };
}

export function postUrl(urn: string): string {
  return `https://www.linkedin.com/feed/update/${urn}/`;
}

export function createLinkedInAdapter(options: AdapterOptions): NetworkAdapter {
  const version = options.linkedinVersion ?? DEFAULT_LINKEDIN_VERSION;
  return {
    platform: 'linkedin',
    async publish(request, callOptions = {}): Promise<PublishResult> {
      const ctx: HttpContext = {
        platform: 'linkedin',
        fetch: options.fetch,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        secrets: [request.target.accessToken],
      };
      if (!fitsPlatformLimit('linkedin', request.text)) {
        throw publishError(ctx, 'permanent', 'CONTENT_TOO_LONG', 'linkedin: text exceeds 3000 characters');
      }
      const body = {
        author: `urn:li:person:${request.target.platformUserId}`,
        commentary: escapeLittleText(request.text),
        visibility: 'PUBLIC',
        distribution: {
          feedDistribution: 'MAIN_FEED',
          targetEntities: [],
          thirdPartyDistributionChannels: [],
        },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      };
      const result = await sendRequest(ctx, POSTS_URL, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${request.target.accessToken}`,
          'LinkedIn-Version': version,
          'X-Restli-Protocol-Version': '2.0.0',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
        signal: callOptions.signal,
      });
      if (result.status >= 200 && result.status < 300) {
        const urn = result.headers.get('x-restli-id') ?? result.headers.get('x-linkedin-id');
        if (urn === null || urn === '') {
          // The post was most likely created; without its id we cannot tell which one.
          throw publishError(
            ctx,
            'unknown',
            'UNKNOWN_OUTCOME',
            `linkedin answered ${result.status} without an x-restli-id header`,
            { status: result.status },
          );
        }
        return { platformPostId: urn, url: postUrl(urn) };
      }
      const { message, code } = linkedinMessage(result.json);
      if (result.status === 426 || code === 'NONEXISTENT_VERSION') {
        throw publishError(
          ctx,
          'permanent',
          'REJECTED',
          `linkedin answered ${result.status} NONEXISTENT_VERSION: LinkedIn-Version ${version} is no longer active; set LINKEDIN_VERSION to a current YYYYMM version${message === null ? '' : ` (${message})`}`,
          { status: result.status, networkCode: 'NONEXISTENT_VERSION' },
        );
      }
      if ((result.status === 422 || result.status === 409) && /duplicate/i.test(message ?? '')) {
        throw publishError(
          ctx,
          'permanent',
          'DUPLICATE_CONTENT',
          `linkedin answered ${result.status}: ${message}`,
          {
            status: result.status,
            ...(code === undefined ? {} : { networkCode: code }),
          },
        );
      }
      throw classifyHttpStatus(ctx, result, message ?? (result.text.slice(0, 200) || null), code);
    },
    async fetchMetrics(): Promise<Map<string, PostMetrics | null>> {
      // Member posts have no analytics without r_member_postAnalytics: unavailable, never 0.
      return new Map();
    },
  };
}
