// Starts the sandbox networks on a port (0 for tests) and returns a handle with the in-process
// control API, the URL to use as SOCIAL_SANDBOX_URL, and close().
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandboxApp, type SandboxOptions } from './app.js';
import type { SandboxControl } from './control.js';

export interface StartSandboxOptions extends SandboxOptions {
  /** Default 0 (any free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

export interface SandboxHandle {
  /** e.g. `http://127.0.0.1:4010`, no trailing slash. */
  url: string;
  port: number;
  control: SandboxControl;
  requests: SandboxControl['requests'];
  clearRequests: SandboxControl['clearRequests'];
  waitForRequest: SandboxControl['waitForRequest'];
  addFault: SandboxControl['addFault'];
  clearFaults: SandboxControl['clearFaults'];
  setUser: SandboxControl['setUser'];
  setNextAuthorization: SandboxControl['setNextAuthorization'];
  revokeToken: SandboxControl['revokeToken'];
  expireAccessToken: SandboxControl['expireAccessToken'];
  /** What the Anthropic stand-in answers to the next drafting requests. */
  setNextAnthropicOutput: SandboxControl['setNextAnthropicOutput'];
  /** The Anthropic stand-in's simulated output speed (tokens/s; null or 0: at once). */
  setAnthropicOutputSpeed: SandboxControl['setAnthropicOutputSpeed'];
  reset: SandboxControl['reset'];
  /** What was published per network (LinkedIn, Facebook, X, Instagram), oldest first. */
  publishedPosts: SandboxControl['publishedPosts'];
  /** Comments on published posts (Instagram's first comments). */
  comments: SandboxControl['comments'];
  clearPublishedPosts: SandboxControl['clearPublishedPosts'];
  /** Overrides the metrics the networks report for a post. */
  setPostMetrics: SandboxControl['setPostMetrics'];
  setPublishLatency: SandboxControl['setPublishLatency'];
  setInstagramProcessingChecks: SandboxControl['setInstagramProcessingChecks'];
  setVideoProcessingChecks: SandboxControl['setVideoProcessingChecks'];
  /** A token as if the user had connected the account. */
  issueToken: SandboxControl['issueToken'];
  close: () => Promise<void>;
}

export async function startSandbox(options: StartSandboxOptions = {}): Promise<SandboxHandle> {
  const { port = 0, host = '127.0.0.1', ...sandboxOptions } = options;
  const { app, control, dispose } = createSandboxApp(sandboxOptions);
  const server = createServer(app);
  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    control,
    requests: (match) => control.requests(match),
    clearRequests: () => control.clearRequests(),
    waitForRequest: (match, timeoutMs) => control.waitForRequest(match, timeoutMs),
    addFault: (fault) => control.addFault(fault),
    clearFaults: () => control.clearFaults(),
    setUser: (key, user) => control.setUser(key, user),
    setNextAuthorization: (network, next) => control.setNextAuthorization(network, next),
    revokeToken: (token) => control.revokeToken(token),
    expireAccessToken: (token) => control.expireAccessToken(token),
    setNextAnthropicOutput: (mode, times) => control.setNextAnthropicOutput(mode, times),
    setAnthropicOutputSpeed: (tokensPerSecond) => control.setAnthropicOutputSpeed(tokensPerSecond),
    reset: () => control.reset(),
    publishedPosts: (network) => control.publishedPosts(network),
    comments: (network) => control.comments(network),
    clearPublishedPosts: () => control.clearPublishedPosts(),
    setPostMetrics: (input) => control.setPostMetrics(input),
    setPublishLatency: (ms) => control.setPublishLatency(ms),
    setInstagramProcessingChecks: (checks) => control.setInstagramProcessingChecks(checks),
    setVideoProcessingChecks: (checks) => control.setVideoProcessingChecks(checks),
    issueToken: (input) => control.issueToken(input),
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        dispose();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
