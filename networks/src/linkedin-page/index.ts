// LinkedIn Pages: a company Page the person administers, beside their own LinkedIn profile (its
// own platform, `linkedin_page`, since an installation keeps one active account per network).
// Connect: LinkedIn's OAuth with the Community Management app (LINKEDIN_PAGES_CLIENT_ID/SECRET),
// then an organisation picker (connect.ts). Publishing, images, little-text, errors and video
// rules are the member's LinkedIn module run with the organisation as author (linkedin/publish.ts);
// metrics from organizationalEntityShareStatistics, followers from networkSizes.
import { PLATFORM_LABELS } from '@pauta/core';
import type { NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { linkedin } from '../linkedin/index.js';
import { LINKEDIN_PAGE_SCOPES } from '../linkedin/oauth.js';
import { createLinkedInAdapter, type LinkedInAuthor } from '../linkedin/publish.js';
import { LINKEDIN_PAGE_CONNECT } from './connect.js';
import { LINKEDIN_PAGE_ERRORS } from './errors.js';
import { fetchLinkedInPageFollowers } from './followers.js';
import { readOrganizationMetrics } from './metrics.js';
import { createLinkedInPageOAuthClient } from './oauth.js';
import { linkedinPageWriting } from './writing.js';

export const linkedinPageOAuth: OAuthClientDescriptor = {
  // Its own app (Community Management is granted to an app that has no other product).
  credentials: { clientId: 'LINKEDIN_PAGES_CLIENT_ID', clientSecret: 'LINKEDIN_PAGES_CLIENT_SECRET' },
  name: 'linkedin_page',
  label: PLATFORM_LABELS.linkedin_page,
  scopes: LINKEDIN_PAGE_SCOPES,
  // The sandbox's LinkedIn app stands in (it grants whatever scopes are asked).
  sandboxApp: 'linkedin',
  create: createLinkedInPageOAuthClient,
};

/** The organisation as author: urn:li:organization:<id>, the Page's errors and statistics. */
export const ORGANIZATION_AUTHOR: LinkedInAuthor = {
  platform: 'linkedin_page',
  urn: (id) => `urn:li:organization:${id}`,
  errors: LINKEDIN_PAGE_ERRORS,
  readMetrics: readOrganizationMetrics,
};

// The member's descriptor, but for its opt-in analytics (a Page's statistics need no switch).
const { postAnalytics: _memberAnalytics, ...member } = linkedin;

/**
 * The member's LinkedIn (media and video rules, LINKEDIN_VERSION, no posting cap: only daily rate
 * limits, whose 429s are retried) as the organisation: its own app, the picker, metrics always on
 * (r_organization_social) and the follower count. Community Management apps get refresh tokens.
 */
export const linkedinPage: NetworkDescriptor = {
  ...member,
  platform: 'linkedin_page',
  credentials: linkedinPageOAuth.credentials,
  oauth: linkedinPageOAuth,
  connectSteps: LINKEDIN_PAGE_CONNECT,
  capabilities: { ...linkedin.capabilities, metrics: true, followers: true },
  writing: linkedinPageWriting,
  createPublisher: (options) => createLinkedInAdapter(options, ORGANIZATION_AUTHOR),
  fetchFollowers: fetchLinkedInPageFollowers,
};
