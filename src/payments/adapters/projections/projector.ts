// Runs projections over the global log: one read per batch feeds them all, applied with their checkpoints in one
// transaction, woken by appends with a fallback poll, one active runner per projection across processes (DESIGN.md
// sections 2, 3, 9). Each projection keeps its own checkpoint, so one can be rebuilt or replayed alone.
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { databaseUnreachable } from '../../../kernel/database-outage.js';
import {
  comparePositions,
  EventStoreUnavailable,
  START,
  type EventStore,
  type GlobalPosition,
} from '../../application/ports/event-store.port.js';
import { CheckpointMoved, loadPositions } from './checkpoint.js';
import { applyToMembers, BatchReader, type Projection } from './projection.js';
import { tryLockProjections, type ProjectionLock } from './projection-lock.js';

export interface ProjectorLogger {
  log(message: string): void;
  error(message: string, trace?: string): void;
}

export interface ProjectorOptions {
  batchSize?: number;
  /** Fallback poll when no append notice arrives (e.g. a transaction that held the others back has ended). */
  pollMs?: number;
  /** Pause after a failed batch; while the event store does not answer, the pause doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often a standby runner tries to take over the lock. */
  lockRetryMs?: number;
  /**
   * After a short batch, the pause before the next read. Under a steady stream of appends the runner would
   * otherwise read again at once and apply batches of a few events, each a transaction of its own; the pause lets
   * a batch gather what arrives meanwhile (at most this much added delay).
   */
  settleMs?: number;
  logger?: ProjectorLogger;
  /** Told the length of each pause between reads as it begins: the back-off it chose, which tests check by value. */
  onPause?: (ms: number) => void;
}

interface PositionWaiter {
  position: GlobalPosition;
  resolve(): void;
  reject(error: Error): void;
}

interface CatchUpWaiter {
  /** Resolved by the first empty read that started after this read number. */
  afterRead: number;
  resolve(): void;
  reject(error: Error): void;
}

export class Projector {
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  /** While the event store does not answer: the next pause (the outage was logged when it began); null otherwise. */
  private outageRetryMs: number | null = null;
  /** What did not answer in the outage under way: 'Event store' or 'Database'. */
  private outageOf = '';
  private readonly lockRetryMs: number;
  private readonly settleMs: number;
  private readonly logger: ProjectorLogger;
  private readonly onPause: (ms: number) => void;
  private readonly names: readonly string[];
  /** The projections' names joined, for logs and errors. */
  private readonly name: string;
  private running = false;
  private loop: Promise<void> | null = null;
  private loopEnded = false;
  private lock: ProjectionLock | null = null;
  /** Each projection's checkpoint as this runner last applied or loaded it, in the projections' order. */
  private positions: GlobalPosition[] | null = null;
  /**
   * The checkpoints may have moved outside this runner: load them before the next read. Set only where that can have
   * happened unseen: at a lock take-over, after a failed batch (CheckpointMoved among others) and when the fallback
   * poll ran out (a rebuild elsewhere resets a checkpoint with no append to wake this runner, and under appends the
   * next batch's CheckpointMoved tells). Not after every idle read: under load that is a statement per wake-up.
   */
  private reload = true;
  private reads = 0;
  private woken = false;
  private endSleep: (() => void) | null = null;
  private wakeSleep: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly reader: BatchReader;
  private readonly positionWaiters = new Set<PositionWaiter>();
  private readonly catchUpWaiters = new Set<CatchUpWaiter>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly projections: readonly Projection[],
    options: ProjectorOptions = {},
  ) {
    this.names = projections.map((projection) => projection.name);
    if (this.names.length === 0 || new Set(this.names).size !== this.names.length) {
      throw new Error(`A projector runs one or more projections, each once: ${this.names.join(', ')}`);
    }
    this.name = this.names.join('+');
    this.batchSize = options.batchSize ?? 1000;
    this.pollMs = options.pollMs ?? 500;
    this.retryMs = options.retryMs ?? 1000;
    this.maxRetryMs = options.maxRetryMs ?? 30_000;
    this.lockRetryMs = options.lockRetryMs ?? 2000;
    this.settleMs = options.settleMs ?? 20;
    this.logger = options.logger ?? new Logger(`Projector:${this.name}`);
    this.onPause = options.onPause ?? (() => undefined);
    this.reader = new BatchReader(store, this.batchSize);
  }

  /** True while this runner holds its projections' locks (the others wait). */
  get isActive(): boolean {
    return this.lock !== null;
  }

  /** The lowest of its projections' checkpoints as this runner last applied or loaded them; null before it has read them. */
  get checkpoint(): GlobalPosition | null {
    return this.positions ? lowest(this.positions) : null;
  }

  /** Started and its loop still turning (it catches every failure of a batch; this is false only if it ended). */
  get alive(): boolean {
    return this.running && !this.loopEnded;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopEnded = false;
    this.unsubscribe = this.store.onAppended(() => this.wake());
    const loop = this.run();
    this.loop = loop;
    loop.then(
      () => (this.loopEnded = true),
      () => (this.loopEnded = true),
    );
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.endSleep?.();
    await this.loop;
    this.loop = null;
    const lock = this.lock;
    this.lock = null;
    await lock?.release().catch((error: unknown) => this.logger.error(`Could not release the lock: ${describe(error)}`));
    const stopped = new Error(`Projector ${this.name} stopped`);
    for (const waiter of [...this.positionWaiters, ...this.catchUpWaiters]) waiter.reject(stopped);
    this.positionWaiters.clear();
    this.catchUpWaiters.clear();
  }

  /** Resolves once this runner has applied the log up to `position` (inclusive) in every projection. */
  waitFor(position: GlobalPosition, timeoutMs = 10_000): Promise<void> {
    const checkpoint = this.checkpoint;
    if (checkpoint && comparePositions(checkpoint, position) >= 0) return Promise.resolve();
    return this.waitWith(timeoutMs, `position ${position.commit}/${position.prepare}`, (resolve, reject) => {
      const waiter: PositionWaiter = { position, resolve, reject };
      this.positionWaiters.add(waiter);
      return () => this.positionWaiters.delete(waiter);
    });
  }

  /** Resolves once a read that started after this call found nothing more to apply. */
  catchUp(timeoutMs = 10_000): Promise<void> {
    const done = this.waitWith(timeoutMs, 'catch-up', (resolve, reject) => {
      const waiter: CatchUpWaiter = { afterRead: this.reads, resolve, reject };
      this.catchUpWaiters.add(waiter);
      return () => this.catchUpWaiters.delete(waiter);
    });
    this.wake();
    return done;
  }

  private waitWith(
    timeoutMs: number,
    what: string,
    register: (resolve: () => void, reject: (error: Error) => void) => () => void,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        unregister();
        reject(new Error(`Projector ${this.name}: ${what} not reached within ${timeoutMs} ms`));
      }, timeoutMs);
      const unregister = register(
        () => {
          clearTimeout(timer);
          unregister();
          resolve();
        },
        (error) => {
          clearTimeout(timer);
          unregister();
          reject(error);
        },
      );
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        if (!this.lock) {
          this.lock = await tryLockProjections(this.dataSource, this.names);
          if (!this.lock) {
            await this.sleep(this.lockRetryMs, false);
            continue;
          }
          this.reload = true;
        }
        if (this.lock.lost) {
          // Its connection ended, and the lock with it: another runner may have taken over. Write nothing until retaken.
          this.logger.error('The connection holding the projection lock ended; taking the lock again before writing');
          await this.dropLock();
          continue;
        }
        const read = await this.step();
        if (read === 0) {
          if (await this.sleep(this.pollMs, true)) this.reload = true;
        } else if (read < this.batchSize) await this.sleep(this.settleMs, false);
      } catch (error) {
        this.reload = true;
        this.reader.reset();
        if (error instanceof CheckpointMoved) continue;
        const outage = error instanceof EventStoreUnavailable ? { what: 'Event store', reason: error.reason } : undefined;
        const databaseReason = databaseUnreachable(error);
        const unanswered = outage ?? (databaseReason === undefined ? undefined : { what: 'Database', reason: databaseReason });
        if (unanswered) {
          const pause = this.unavailable(unanswered.what, unanswered.reason);
          if (this.lock && (this.lock.lost || !(await this.lock.held()))) await this.dropLock();
          // A notice of appends (the LISTEN connection back, saying so) ends the pause early: the outage is over.
          this.woken = false;
          await this.sleep(pause, true);
          continue;
        }
        // Nothing of the failed batch was committed: the checkpoint stays, and the same batch is tried again.
        this.logger.error(
          `Projection failed; retrying in ${this.retryMs} ms: ${describe(error)}`,
          error instanceof Error ? error.stack : undefined,
        );
        if (this.lock && !(await this.lock.held())) this.lock = null;
        await this.sleep(this.retryMs, false);
      }
    }
  }

  /**
   * An outage (the event store or the database does not answer), not a bug: one line when it begins (no stack trace),
   * then pauses of 1 s doubling to 30 s (by default) rather than a try and a trace every second. Answers the pause
   * before the next try.
   */
  private unavailable(what: string, reason: string): number {
    const pause = this.outageRetryMs ?? this.retryMs;
    if (this.outageRetryMs === null) {
      this.outageOf = what;
      this.logger.error(
        `${what} unreachable; projections wait, retrying in ${this.retryMs} ms, then less often (up to every ${this.maxRetryMs} ms): ${reason}`,
      );
    }
    this.outageRetryMs = Math.min(pause * 2, this.maxRetryMs);
    return pause;
  }

  private storeAnswered(): void {
    if (this.outageRetryMs === null) return;
    this.outageRetryMs = null;
    this.logger.log(`${this.outageOf} reachable again; projections resumed`);
  }

  private async dropLock(): Promise<void> {
    const lock = this.lock;
    this.lock = null;
    await lock?.release().catch(() => undefined);
  }

  /** One read from the lowest checkpoint and, when there is something, one batch; answers how many events it read. */
  private async step(): Promise<number> {
    let positions = this.positions;
    if (this.reload || !positions) {
      positions = this.positions = await loadPositions(this.dataSource, this.names);
      this.reload = false;
    }
    const read = ++this.reads;
    this.woken = false;
    const events = await this.reader.read(lowest(positions));
    this.storeAnswered();
    const idle = events.length === 0;
    if (!idle) {
      const members = this.projections.map((projection, n) => ({ projection, position: positions[n] ?? START }));
      this.positions = await applyToMembers(this.dataSource, members, events);
    }
    this.settle(read, idle);
    return events.length;
  }

  private settle(read: number, idle: boolean): void {
    const position = this.checkpoint ?? START;
    for (const waiter of this.positionWaiters) {
      if (comparePositions(position, waiter.position) >= 0) waiter.resolve();
    }
    if (!idle) return;
    for (const waiter of this.catchUpWaiters) {
      if (waiter.afterRead < read) waiter.resolve();
    }
  }

  /** Answers true when the whole time passed, false when a wake-up or stop() cut it short. */
  private sleep(ms: number, wakeable: boolean): Promise<boolean> {
    if (!this.running || (wakeable && this.woken)) return Promise.resolve(false);
    this.onPause(ms);
    return new Promise((resolve) => {
      const end = (elapsed: boolean) => (): void => {
        clearTimeout(timer);
        this.endSleep = null;
        this.wakeSleep = null;
        resolve(elapsed);
      };
      const timer = setTimeout(end(true), ms);
      this.endSleep = end(false);
      if (wakeable) this.wakeSleep = end(false);
    });
  }

  private wake(): void {
    this.woken = true;
    this.wakeSleep?.();
  }
}

function lowest(positions: readonly GlobalPosition[]): GlobalPosition {
  return positions.reduce((low, position) => (comparePositions(position, low) < 0 ? position : low), positions[0] ?? START);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
