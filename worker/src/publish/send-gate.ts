// The process's sends in flight: a post's send slot is taken BEFORE its send_started_at is
// committed and given back when the network has answered, so a post is marked "send started"
// only when nothing in this process stands between the mark and its request. A crash then flags
// at most `size` posts, all of which were on the wire (docs/publishing.md, "Flag only what was sent").

export interface SendGate {
  /** Resolves with the function that gives the slot back, once one is free. */
  acquire(): Promise<() => void>;
  /** Slots taken now (metrics and tests). */
  readonly inFlight: number;
}

export function createSendGate(size: number): SendGate {
  if (!Number.isInteger(size) || size < 1) throw new Error('send gate size must be a positive integer');
  let taken = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next !== undefined) next();
    else taken -= 1;
  };
  return {
    get inFlight() {
      return taken;
    },
    acquire() {
      return new Promise((resolve) => {
        const grant = () => {
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            release();
          });
        };
        if (taken < size) {
          taken += 1;
          grant();
        } else {
          waiting.push(grant);
        }
      });
    },
  };
}
