// A bounded read-through cache for rows read on every request and rarely changed, kept only while someone tells it
// of every change (docs/decisions.md "The API key and merchant cache"). Least recently used entries go first.

export interface InvalidatedCacheOptions {
  maxEntries: number;
  /** Belt and braces: an entry older than this is read again even if no change was announced. */
  ttlMs: number;
  /** Monotonic milliseconds; the TTL is not domain time, so not the injected clock. */
  now?: () => number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

export class InvalidatedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly now: () => number;
  /** Bumped by every invalidation: a load that started before one may carry the old row, so it is not kept. */
  private generation = 0;
  private active = false;

  constructor(private readonly options: InvalidatedCacheOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /** False until `resume()` and after `suspend()`: reads then go to `load` and nothing is kept. */
  get serving(): boolean {
    return this.active;
  }

  async read(key: string, load: () => Promise<V | null>): Promise<V | null> {
    if (!this.active) return load();
    const hit = this.fresh(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const value = await load();
    // Absent rows are not kept: a flood of unknown keys would otherwise push out the real ones.
    if (value !== null && this.active && generation === this.generation) this.store(key, value);
    return value;
  }

  invalidate(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  invalidateAll(): void {
    this.generation++;
    this.entries.clear();
  }

  /** No one is telling of changes any more: forget everything and stop serving. */
  suspend(): void {
    this.active = false;
    this.invalidateAll();
  }

  /** Changes are announced again; what was loaded while they were not is not trusted (the generation moves). */
  resume(): void {
    this.generation++;
    this.active = true;
  }

  private fresh(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.storedAt > this.options.ttlMs) return undefined;
    // Re-inserted last: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.set(key, entry);
    return entry.value;
  }

  private store(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: this.now() });
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
