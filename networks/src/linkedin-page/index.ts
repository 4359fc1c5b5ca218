// LinkedIn Pages: a company Page the person administers, beside their own LinkedIn profile (its
// own platform, `linkedin_page`, since an installation keeps one active account per network).
// Connect: LinkedIn's OAuth with the Community Management app (LINKEDIN_PAGES_CLIENT_ID/SECRET),
// then an organisation picker (connect.ts). Publishing, images, little-text, errors and video
// rules are the member's LinkedIn module run with the organisation as author (linkedin/publish.ts);
// metrics from organizationalEntityShareStatistics, followers from networkSizes.
import { NO_BUDGET, PLATFORM_LABELS } from '@pauta/core';
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
  name: 'linkedin_page',
  label: PLATFORM_LABELS.linkedin_page,
  credentials: { clientId: 'LINKEDIN_PAGES_CLIENT_ID', clientSecret: 'LINKEDIN_PAGES_CLIENT_SECRET' },
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

export const linkedinPage: NetworkDescriptor = {
  platform: 'linkedin_page',
  credentials: linkedinPageOAuth.credentials,
  oauth: linkedinPageOAuth,
  connectSteps: LINKEDIN_PAGE_CONNECT,
  capabilities: {
    connect: true,
    video: false,
    firstComment: false,
    // Community Management apps get refresh tokens (365 days): the member's LinkedIn refresh.
    refresh: true,
    revoke: false,
    metrics: true,
    followers: true,
    media: 'optional',
    lookup: true,
  },
  // No documented cap on posts (rate limits per member and app per day; 429s are retried).
  postingBudget: NO_BUDGET,
  writing: linkedinPageWriting,
  mediaLimits: linkedin.mediaLimits,
  videoLimits: linkedin.videoLimits,
  ...(linkedin.publisherSettings === undefined ? {} : { publisherSettings: linkedin.publisherSettings }),
  createPublisher: (options) => createLinkedInAdapter(options, ORGANIZATION_AUTHOR),
  fetchFollowers: fetchLinkedInPageFollowers,
};
