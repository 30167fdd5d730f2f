// The group-commit batcher (src/kernel/batcher.ts): concurrent callers share one run, each gets its own outcome.
import { Batcher } from '../../src/kernel/batcher.js';

/** A run that records its batches and answers each item doubled; `gate` holds a run until released. */
function recorder(options: { failWhole?: (items: number[]) => boolean; gate?: () => Promise<void> } = {}) {
  const batches: number[][] = [];
  let running = 0;
  let most = 0;
  const run = async (items: number[]): Promise<Array<number | Error>> => {
    batches.push(items);
    running++;
    most = Math.max(most, running);
    try {
      await (options.gate?.() ?? new Promise((resolve) => setTimeout(resolve, 5)));
      if (options.failWhole?.(items)) throw new Error(`whole batch ${items.join(',')} failed`);
      return items.map((item) => (item < 0 ? new Error(`item ${item} refused`) : item * 2));
    } finally {
      running--;
    }
  };
  return { run, batches, mostInFlight: () => most };
}

describe('Batcher', () => {
  it('answers callers of the same turn from one run, each with its own outcome', async () => {
    const { run, batches } = recorder();
    const batcher = new Batcher(run);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => batcher.submit(n)));
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('gives an item its own error without failing its neighbours', async () => {
    const batcher = new Batcher(recorder().run);
    const outcomes = await Promise.allSettled([1, -1, 3].map((n) => batcher.submit(n)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('item -1 refused'));
  });

  it('retries a batch whose whole run failed item by item, so only the culprit fails', async () => {
    const { run, batches } = recorder({ failWhole: (items) => items.includes(7) });
    const batcher = new Batcher(run);
    const outcomes = await Promise.allSettled([5, 7, 9].map((n) => batcher.submit(n)));
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([10, 'whole batch 7 failed', 18]);
    expect(batches).toEqual([[5, 7, 9], [5], [7], [9]]);
  });

  it('queues callers behind the runs in flight and sends them together next, never more runs than allowed', async () => {
    const releases: Array<() => void> = [];
    const { run, batches, mostInFlight } = recorder({ gate: () => new Promise<void>((resolve) => releases.push(resolve)) });
    const batcher = new Batcher(run, { maxInFlight: 1 });
    const first = batcher.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4].map((n) => batcher.submit(n));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toEqual([[1]]);
    releases.shift()?.();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releases.shift()?.();
    expect(await Promise.all(later)).toEqual([4, 6, 8]);
    expect(mostInFlight()).toBe(1);
  });

  it('splits a crowd into batches of at most maxSize', async () => {
    const { run, batches } = recorder();
    const batcher = new Batcher(run, { maxSize: 2, maxInFlight: 4 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.submit(n)));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });
});
