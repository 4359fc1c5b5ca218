// Builds the sandbox Express app: every network mounted under its host (`/HOST/PATH`, the
// SOCIAL_SANDBOX_URL rule), request recording and fault injection in front, control at /__sandbox.
import express, { type ErrorRequestHandler, type Express } from 'express';
import {
  ANTHROPIC_HOST,
  AnthropicStandIn,
  type AnthropicStandInOptions,
  anthropicErrorBody,
  mountAnthropic,
} from './anthropic.js';
import { BLUESKY_HOST, blueskyFaultBody, mountBluesky } from './bluesky.js';
import { createControlRouter, SandboxControl } from './control.js';
import { mountFacebook } from './facebook.js';
import { FaultInjector } from './faults.js';
import { mountGoogle } from './google.js';
import { mountGoogleBusiness } from './google-business.js';
import { instagramLoginFaultBody, mountInstagramLogin } from './instagram-login.js';
import { mountLinkedIn } from './linkedin.js';
import { mountMastodon, SandboxMastodon } from './mastodon.js';
import type { SandboxContext } from './oauth-common.js';
import { SandboxPersistence } from './persistence.js';
import { mountPinterest } from './pinterest.js';
import { mountPostPages } from './post-pages.js';
import { SandboxPosts, type SandboxPostsOptions } from './posts.js';
import { RequestRecorder } from './recorder.js';
import { SandboxStore, type SandboxStoreOptions } from './store.js';
import { mountThreads, threadsFaultBody } from './threads.js';
import { mountTikTok, SandboxTikTok, TIKTOK_HOST, tiktokFaultBody } from './tiktok.js';
import { mountX } from './x.js';
import { mountYouTube } from './youtube.js';

export interface SandboxOptions extends SandboxStoreOptions {
  /** The Anthropic stand-in (AI drafting) at `/api.anthropic.com`. */
  anthropic?: AnthropicStandInOptions;
  /** Delay before every publish call (LinkedIn, Facebook, X, Instagram, Threads) answers. Default 0. */
  publishLatencyMs?: number;
  /** Instagram and Threads containers answer IN_PROGRESS to this many status reads first. Default 1. */
  instagramProcessingChecks?: number;
  /**
   * Keep the state (tokens, users, published posts) in this JSON file: loaded at start, saved
   * after changes and at close. Without it the sandbox forgets everything when it stops.
   */
  stateFile?: string;
  /** Told when the state file cannot be read or written. */
  onWarning?: (message: string) => void;
}

export interface SandboxApp {
  app: Express;
  control: SandboxControl;
  /** Stops pending fault delays; call when the server closes. */
  dispose: () => void;
}

export function createSandboxApp(options: SandboxOptions = {}): SandboxApp {
  const {
    anthropic: anthropicOptions,
    publishLatencyMs,
    instagramProcessingChecks,
    stateFile,
    onWarning,
    ...storeOptions
  } = options;
  const store = new SandboxStore(storeOptions);
  const postsOptions: SandboxPostsOptions = {};
  if (publishLatencyMs !== undefined) postsOptions.publishLatencyMs = publishLatencyMs;
  if (instagramProcessingChecks !== undefined)
    postsOptions.instagramProcessingChecks = instagramProcessingChecks;
  if (storeOptions.now !== undefined) postsOptions.now = storeOptions.now;
  const posts = new SandboxPosts(postsOptions);
  const recorder = new RequestRecorder();
  const faults = new FaultInjector({
    [ANTHROPIC_HOST]: (status) => anthropicErrorBody(status),
    'graph.threads.net': threadsFaultBody,
    'graph.instagram.com': instagramLoginFaultBody,
    [BLUESKY_HOST]: blueskyFaultBody,
    [TIKTOK_HOST]: tiktokFaultBody,
  });
  const anthropic = new AnthropicStandIn(anthropicOptions);
  const mastodon = new SandboxMastodon(storeOptions.now);
  const tiktok = new SandboxTikTok(storeOptions.now);
  const control = new SandboxControl(store, recorder, faults, anthropic, posts, mastodon, tiktok);
  const ctx: SandboxContext = { store, posts };
  const persistence =
    stateFile === undefined
      ? null
      : new SandboxPersistence({ file: stateFile, store, posts, ...(onWarning ? { onWarning } : {}) });
  persistence?.load();

  const app = express();
  app.disable('x-powered-by');
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  // The Messages API takes requests of up to 32 MB (images as base64); everything else 5 MB.
  app.use(`/${ANTHROPIC_HOST}`, express.json({ limit: '32mb' }));
  app.use(express.json({ limit: '5mb' }));
  // Image and video uploads (multipart for X and Facebook, raw bytes for LinkedIn's upload URL and
  // YouTube's chunks) stay bytes.
  app.use(
    express.raw({
      type: ['multipart/form-data', 'application/octet-stream', 'image/*', 'video/*'],
      limit: '40mb',
    }),
  );
  // TikTok's video chunks: up to 64 MB, the last up to 128 MB (read before any fault's delay, so a
  // chunk whose answer is lost still lands, as on the real network).
  app.use(express.raw({ type: ['video/*'], limit: '129mb' }));
  if (persistence !== null) {
    // Any request may change state (token exchange, publish, container status read): save after.
    app.use((_req, res, next) => {
      res.on('finish', () => persistence.markDirty());
      next();
    });
  }
  app.use(recorder.middleware());
  app.use(faults.middleware());
  app.use('/__sandbox', createControlRouter(control));

  mountPostPages(app, ctx);
  mountGoogle(app, ctx);
  mountFacebook(app, ctx);
  mountInstagramLogin(app, ctx);
  mountLinkedIn(app, ctx);
  mountX(app, ctx);
  mountThreads(app, ctx);
  mountPinterest(app, ctx);
  mountBluesky(app, ctx);
  mountGoogleBusiness(app, ctx);
  mountYouTube(app, ctx);
  mountTikTok(app, ctx, tiktok);
  mountAnthropic(app, anthropic);
  // Last: it serves any host that is an instance here (`mastodon.social`, or one a test adds).
  mountMastodon(app, ctx, mastodon);

  app.use((req, res) => {
    res
      .status(404)
      .json({ error: 'sandbox_not_found', message: `The sandbox does not serve ${req.method} ${req.path}` });
  });
  const onError: ErrorRequestHandler = (error: { status?: number; message?: string }, _req, res, _next) => {
    const status =
      typeof error.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
    res
      .status(status)
      .json({ error: status === 500 ? 'sandbox_error' : 'invalid_request', message: error.message });
  };
  app.use(onError);

  return {
    app,
    control,
    dispose: () => {
      faults.dispose();
      anthropic.dispose();
      posts.dispose();
      persistence?.close();
    },
  };
}
