/** What became of one item of a batch. */
export type Outcome = { ok: true } | { ok: false; error: unknown };

export type BatcherOptions = {
  /** Items in one batch at most. */
  maxBatch: number;
  /** Batches running at once at most; items arriving meanwhile wait for the next one. */
  maxInFlight: number;
};

type Waiting<I> = { item: I; resolve: () => void; reject: (error: unknown) => void };

/**
 * Coalesces concurrent calls into batches (as DataLoader does): items that arrive in the same
 * turn of the event loop, or while `maxInFlight` batches are running, are run together by `run`,
 * up to `maxBatch` at a time. Each call settles with its own item's outcome: `run` answers one
 * per item, in order; when it throws instead, every item of that batch fails with its error.
 * Nothing waits on a timer: a lone item runs on the next turn.
 */
export function createBatcher<I>(
  run: (items: I[]) => Promise<Outcome[]>,
  options: BatcherOptions,
): (item: I) => Promise<void> {
  const waiting: Waiting<I>[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function runBatch(batch: Waiting<I>[]) {
    try {
      const outcomes = await run(batch.map((w) => w.item));
      if (outcomes.length !== batch.length)
        throw new Error(`batcher: ${outcomes.length} outcomes for ${batch.length} items`);
      batch.forEach((w, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) w.resolve();
        else w.reject(outcome.error);
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  function pump() {
    while (inFlight < options.maxInFlight && waiting.length > 0) {
      const batch = waiting.splice(0, options.maxBatch);
      inFlight += 1;
      void runBatch(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        pump();
      });
    });
}
