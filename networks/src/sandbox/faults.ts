// Fault injection for the sandbox: the next N requests to a host + path prefix fail with a
// status, are delayed, held until released, answer 429 with Retry-After, or lose their connection.
import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { splitSandboxPath } from './recorder.js';
import { SandboxTimers } from './timers.js';

export const sandboxFaultSchema = z
  .strictObject({
    /** Network host, e.g. `api.twitter.com`. */
    host: z.string().min(1).max(253),
    /** Path prefix under the host, e.g. `/2/oauth2/token`; default: every path. */
    pathPrefix: z.string().startsWith('/').max(2000).optional(),
    method: z.string().max(10).optional(),
    /** How many matching requests this fault applies to (default 1). */
    times: z.int().min(1).max(1_000_000).optional(),
    /** Wait this long first (alone: a slow but successful answer). */
    delayMs: z.int().min(0).max(600_000).optional(),
    /** Answer 429 with this Retry-After (seconds). */
    retryAfterSeconds: z.int().min(0).max(86_400).optional(),
    /** Answer with this status (and `body`, JSON unless a string). */
    status: z.int().min(100).max(599).optional(),
    body: z.unknown().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    /** Destroy the connection without answering. */
    reset: z.boolean().optional(),
    /**
     * Hold the request (recorded, not yet handled) until `releaseHeld()`; then it goes on as if
     * it had just arrived, even when its client has gone (a stall with sends in flight).
     */
    hold: z.boolean().optional(),
  })
  .refine((f) => [f.retryAfterSeconds, f.status, f.reset, f.delayMs, f.hold].some((v) => v !== undefined), {
    message: 'A fault needs delayMs, hold, retryAfterSeconds, status or reset',
  });

export type SandboxFault = z.input<typeof sandboxFaultSchema>;

interface ActiveFault {
  fault: SandboxFault;
  remaining: number;
}

/** Builds the error body a host answers with when a fault gives none (its own error shape). */
export type FaultBodyFactory = (status: number) => unknown;

export class FaultInjector {
  private faults: ActiveFault[] = [];
  private readonly timers = new SandboxTimers();
  private held: (() => void)[] = [];

  constructor(private readonly bodiesByHost: Readonly<Record<string, FaultBodyFactory>> = {}) {}

  private defaultBody(host: string, status: number, fallback: unknown): unknown {
    const factory = this.bodiesByHost[host];
    return factory === undefined ? fallback : factory(status);
  }

  add(fault: SandboxFault): void {
    const parsed = sandboxFaultSchema.parse(fault);
    this.faults.push({ fault: parsed, remaining: parsed.times ?? 1 });
  }

  /** Drops pending faults and lets held requests go on. */
  clear(): void {
    this.faults = [];
    this.releaseHeld();
  }

  /** How many requests a `hold` fault is holding now. */
  heldCount(): number {
    return this.held.length;
  }

  /** Lets every held request go on; returns how many there were. */
  releaseHeld(): number {
    const held = this.held;
    this.held = [];
    for (const release of held) release();
    return held.length;
  }

  /** Pending delays are dropped on close so the process can exit. */
  dispose(): void {
    this.timers.dispose();
    this.releaseHeld();
  }

  private take(method: string, host: string, path: string): SandboxFault | null {
    const active = this.faults.find(
      ({ fault }) =>
        fault.host === host &&
        path.startsWith(fault.pathPrefix ?? '/') &&
        (fault.method === undefined || fault.method.toUpperCase() === method),
    );
    if (active === undefined) return null;
    active.remaining -= 1;
    if (active.remaining <= 0) this.faults = this.faults.filter((f) => f !== active);
    return active.fault;
  }

  middleware() {
    return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
      const target = splitSandboxPath(req.path);
      const fault = target === null ? null : this.take(req.method, target.host, target.path);
      if (fault === null || target === null) {
        next();
        return;
      }
      if (fault.hold === true) await new Promise<void>((resolve) => this.held.push(resolve));
      if (fault.delayMs !== undefined) await this.timers.wait(fault.delayMs);
      if (fault.reset === true) {
        req.socket.destroy();
        return;
      }
      for (const [name, value] of Object.entries(fault.headers ?? {})) res.setHeader(name, value);
      if (fault.retryAfterSeconds !== undefined) {
        res.setHeader('Retry-After', String(fault.retryAfterSeconds));
        const status = fault.status ?? 429;
        sendBody(
          res,
          status,
          fault.body ??
            this.defaultBody(target.host, status, { error: 'rate_limited', message: 'Too Many Requests' }),
        );
        return;
      }
      if (fault.status !== undefined) {
        sendBody(
          res,
          fault.status,
          fault.body ??
            this.defaultBody(target.host, fault.status, { error: 'sandbox_fault', status: fault.status }),
        );
        return;
      }
      next();
    };
  }
}

function sendBody(res: Response, status: number, body: unknown): void {
  res.status(status);
  if (typeof body === 'string') res.type('text/plain').send(body);
  else res.json(body);
}
