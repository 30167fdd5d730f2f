// Group commit for the hot path. Concurrent requests each need one small statement (look up a key, claim an
// Idempotency-Key, append one event); on this stack a statement's cost is mostly its round trip (the socket write
// and the wake-up on both sides), not its rows. A Batcher sends what callers asked for in the same turn of the event
// loop, and while earlier batches are in flight, as one statement for all of them: one round trip, one commit.
//
// A caller waits at most for the batches already in flight. An item's own failure (an Error in its place) is its
// own; a failure of the whole statement is retried item by item, so one bad item cannot fail its neighbours.

export interface BatcherOptions {
  /** The most items in one statement. */
  maxSize?: number;
  /** The most statements in flight at once; more callers queue for the next. */
  maxInFlight?: number;
}

/** Runs one statement for `items`; answers an outcome (or an Error) per item, in the same order. */
export type RunBatch<I, O> = (items: I[]) => Promise<Array<O | Error>>;

interface Waiting<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

export class Batcher<I, O> {
  private readonly maxSize: number;
  private readonly maxInFlight: number;
  private queue: Array<Waiting<I, O>> = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly run: RunBatch<I, O>,
    options: BatcherOptions = {},
  ) {
    this.maxSize = options.maxSize ?? 100;
    this.maxInFlight = options.maxInFlight ?? 2;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    // After the I/O callbacks of this turn: every request that arrived with them joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
        const batch = this.queue.splice(0, this.maxSize);
        this.inFlight++;
        void this.execute(batch).finally(() => {
          this.inFlight--;
          this.schedule();
        });
      }
    });
  }

  private async execute(batch: Array<Waiting<I, O>>): Promise<void> {
    let outcomes: Array<O | Error>;
    try {
      outcomes = await this.run(batch.map((waiting) => waiting.item));
      if (outcomes.length !== batch.length) throw new Error(`batch of ${batch.length} answered ${outcomes.length} outcomes`);
    } catch (error) {
      const [only] = batch;
      if (batch.length === 1 && only) return only.reject(error);
      await Promise.all(batch.map((waiting) => this.execute([waiting])));
      return;
    }
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i] as O | Error;
      if (outcome instanceof Error) waiting.reject(outcome);
      else waiting.resolve(outcome);
    });
  }
}
