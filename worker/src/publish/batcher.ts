// Adaptive batching of the worker's per-post statements. Calls made while earlier batches are
// still in flight wait and go together in the next statement: with one post due, it runs at
// once, alone (no added delay beyond the current event-loop turn); with 1,000 due at once, a
// handful of statements carry them all. At most `maxInFlight` statements of one kind run at a
// time, which also bounds the connections the publishing path takes from the pool.

export interface BatcherOptions<I, O> {
  /** One statement for many items; answers aligned with `items`. */
  run(items: I[]): Promise<O[]>;
  /**
   * One item alone: used for every item of a batch whose statement failed (a deadlock, a dropped
   * connection), so that one bad batch fails only the items that fail on their own.
   */
  single(item: I): Promise<O>;
  maxBatch: number;
  maxInFlight: number;
}

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>): (item: I) => Promise<O> {
  const queue: Pending<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const runBatch = async (batch: Pending<I, O>[]) => {
    try {
      const answers = await options.run(batch.map((p) => p.item));
      if (answers.length !== batch.length) throw new Error('batch answered the wrong number of items');
      batch.forEach((p, i) => {
        p.resolve(answers[i] as O);
      });
    } catch {
      await Promise.all(
        batch.map((p) =>
          options.single(p.item).then(
            (value) => p.resolve(value),
            (error: unknown) => p.reject(error),
          ),
        ),
      );
    }
  };

  const drain = () => {
    scheduled = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      inFlight += 1;
      void runBatch(batch).finally(() => {
        inFlight -= 1;
        drain();
      });
    }
  };

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // Calls made in the same event-loop turn (BullMQ hands over jobs in bursts) share a batch.
      if (!scheduled) {
        scheduled = true;
        setImmediate(drain);
      }
    });
}
