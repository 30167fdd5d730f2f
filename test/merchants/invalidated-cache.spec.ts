// The cache under the API key and merchant lookups (src/merchants/adapters/cache/invalidated-cache.ts), with a fake
// load whose answer the test releases when it wants, and a fake monotonic clock.
import { InvalidatedCache } from '../../src/merchants/adapters/cache/invalidated-cache.js';

/** A load that answers `row` once released; `calls` counts how often the cache went to it. */
function slowLoad<V>(row: V | null) {
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = { calls: 0, release: () => release(), run: async () => (load.calls++, await gate, row) };
  return load;
}

function counting<V>(row: V | null) {
  const load = { calls: 0, run: async () => (load.calls++, row) };
  return load;
}

function serving<V>(options: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}): InvalidatedCache<V> {
  const cache = new InvalidatedCache<V>({ maxEntries: options.maxEntries ?? 10, ttlMs: options.ttlMs ?? 60_000, now: options.now });
  cache.resume();
  return cache;
}

describe('InvalidatedCache', () => {
  it('answers a second read from memory', async () => {
    const cache = serving<string>();
    const load = counting('row');
    expect(await cache.read('k', load.run)).toBe('row');
    expect(await cache.read('k', load.run)).toBe('row');
    expect(load.calls).toBe(1);
  });

  it('reads again after an invalidation', async () => {
    const cache = serving<string>();
    await cache.read('k', counting('old').run);
    cache.invalidate('k');
    expect(await cache.read('k', counting('new').run)).toBe('new');
  });

  it('does not keep a row whose load started before an invalidation (the stale-lookup race)', async () => {
    const cache = serving<string>();
    const racing = slowLoad('old');
    const pending = cache.read('k', racing.run);
    cache.invalidate('k');
    racing.release();
    expect(await pending).toBe('old');
    const fresh = counting('new');
    expect(await cache.read('k', fresh.run)).toBe('new');
    expect(fresh.calls).toBe(1);
  });

  it('does not keep absent rows, so unknown keys cannot fill it', async () => {
    const cache = serving<string>();
    const missing = counting<string>(null);
    await cache.read('unknown', missing.run);
    await cache.read('unknown', missing.run);
    expect(missing.calls).toBe(2);
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const cache = serving<string>({ maxEntries: 2 });
    await cache.read('a', counting('a').run);
    await cache.read('b', counting('b').run);
    await cache.read('a', counting('a').run);
    await cache.read('c', counting('c').run);
    const a = counting('a');
    const b = counting('b');
    await cache.read('a', a.run);
    await cache.read('b', b.run);
    expect([a.calls, b.calls]).toEqual([0, 1]);
  });

  it('reads again once an entry is older than the TTL', async () => {
    let now = 0;
    const cache = serving<string>({ ttlMs: 1000, now: () => now });
    await cache.read('k', counting('old').run);
    now = 1001;
    expect(await cache.read('k', counting('new').run)).toBe('new');
  });

  it('serves nothing until resumed, nor while suspended, and forgets what it had', async () => {
    const cache = new InvalidatedCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    const before = counting('row');
    await cache.read('k', before.run);
    await cache.read('k', before.run);
    expect(before.calls).toBe(2);

    cache.resume();
    await cache.read('k', counting('row').run);
    cache.suspend();
    const during = counting('changed');
    expect(await cache.read('k', during.run)).toBe('changed');
    expect(await cache.read('k', during.run)).toBe('changed');
    expect(during.calls).toBe(2);
  });

  it('does not keep a row loaded across a suspension, even once resumed', async () => {
    const cache = serving<string>();
    const racing = slowLoad('old');
    const pending = cache.read('k', racing.run);
    cache.suspend();
    cache.resume();
    racing.release();
    await pending;
    const fresh = counting('new');
    expect(await cache.read('k', fresh.run)).toBe('new');
  });
});
