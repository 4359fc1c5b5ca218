// The lease a long publish call (a video: upload, the network's processing) keeps on its claim
// (docs/publishing.md, "Vídeo"). The reconciler takes back a claim whose claimed_at is older than
// STALE_CLAIM_MS and that never sent; while the call runs before its send, the claim is renewed
// every `intervalMs` by a fenced UPDATE (renewClaim: this post, this claim token, no send yet).
//
// The lease ends the call through `signal`, before anything visible leaves:
// - `claim_lost`: a renewal matched no row — the claim was taken back (reset after a stall,
//   revoked by an edit or a stage move, the post deleted) and maybe given to another worker;
// - `unconfirmed`: no renewal succeeded for `graceMs` (the database is down or restarting) — past
//   that, the reconciler could take the claim back without this worker knowing, so the call stops
//   rather than reach its send on a claim it cannot vouch for. `graceMs` is kept well below
//   STALE_CLAIM_MS (the worker's check), counted from the start of the last renewal that succeeded.
// `stop()` is called by beforeSend, before the fenced send-start: from then on nothing the lease
// learns can abort the visible request (an abort there would make its outcome doubtful); the
// send-start's own fence decides, as for every post.

export type LeaseLoss = 'claim_lost' | 'unconfirmed';

export interface ClaimLease {
  /** Aborted when the lease is lost (its reason is a LeaseLostError). */
  readonly signal: AbortSignal;
  /** Why the lease was lost, or null while it holds (or after `stop`). */
  lost(): LeaseLoss | null;
  /** Stops renewing; whatever a renewal in flight answers is ignored. */
  stop(): void;
}

export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(readonly reason: LeaseLoss) {
    super(
      reason === 'claim_lost'
        ? 'a publicação perdeu a vez (a reserva do post foi retomada) antes do envio'
        : 'a reserva do post não pôde ser renovada (banco de dados indisponível) antes do envio',
    );
  }
}

export function startClaimLease(options: {
  /** The fenced renewal: true while the claim is ours, false when it is gone; throws when unknown. */
  renew: () => Promise<boolean>;
  intervalMs: number;
  graceMs: number;
  /** When the claim was last known to be fresh (local clock, taken before its statement). */
  confirmedAt: number;
  now?: () => number;
  onRenewFailed?: (error: unknown) => void;
  /** A renewal succeeded: the claim was fresh at `at` (the next lease of the same claim starts there). */
  onConfirmed?: (at: number) => void;
}): ClaimLease {
  const now = options.now ?? Date.now;
  const controller = new AbortController();
  let confirmedAt = options.confirmedAt;
  let loss: LeaseLoss | null = null;
  let stopped = false;
  let inFlight = false;

  const lose = (reason: LeaseLoss) => {
    if (stopped || loss !== null) return;
    loss = reason;
    clearInterval(timer);
    controller.abort(new LeaseLostError(reason));
  };

  const tick = () => {
    if (stopped || loss !== null) return;
    if (inFlight) {
      // A renewal that hangs (a dropped connection) is judged by the clock, not by its answer.
      if (now() - confirmedAt > options.graceMs) lose('unconfirmed');
      return;
    }
    inFlight = true;
    const startedAt = now();
    options
      .renew()
      .then(
        (held) => {
          if (stopped) return;
          if (!held) lose('claim_lost');
          else {
            confirmedAt = Math.max(confirmedAt, startedAt);
            options.onConfirmed?.(confirmedAt);
          }
        },
        (error: unknown) => {
          if (stopped) return;
          options.onRenewFailed?.(error);
          if (now() - confirmedAt > options.graceMs) lose('unconfirmed');
        },
      )
      .finally(() => {
        inFlight = false;
      });
  };

  const timer = setInterval(tick, options.intervalMs);
  // A first renewal right away (always tried, whatever the time since the claim): a claim already
  // taken back stops the call before its upload.
  tick();

  return {
    signal: controller.signal,
    lost: () => loss,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
