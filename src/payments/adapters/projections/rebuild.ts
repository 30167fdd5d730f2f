// Rebuilds a read model from position 0 (DESIGN.md section 2: auditors rely on a rebuild equal to the live rows).
// The replay goes into scratch copies of the read model's tables; the live tables keep answering, whole, until one
// transaction replaces their rows with the scratch's and moves the checkpoint (docs/decisions.md, "A rebuild swaps").
import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { START, type EventStore, type GlobalPosition } from '../../application/ports/event-store.port.js';
import { chargesProjection } from './charges.projection.js';
import { tryLockProjections } from './projection-lock.js';
import { BatchReader, type Projection } from './projection.js';

export interface RebuildResult {
  projection: string;
  /** Events applied from position 0 up to the end of the readable log. */
  events: number;
  position: GlobalPosition;
  /** Always `rebuild`: the rebuild replays into its own tables, whether or not a projector runs. */
  replayedBy: 'rebuild';
  durationMs: number;
}

export interface RebuildOptions {
  batchSize?: number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function quoted(identifier: string): string {
  if (!IDENTIFIER.test(identifier)) throw new Error(`Not a plain identifier: ${identifier}`);
  return `"${identifier}"`;
}

/**
 * Replays the log from position 0 into scratch copies of `tables` (a schema of their own, with no lock held), then,
 * in one transaction with the live tables locked, catches the copies up to the end of the log, replaces the live rows
 * with theirs and sets the checkpoint to their position. Until then lists read the old rows; a running projector's
 * next batch finds its checkpoint moved (CheckpointMoved), reloads it and goes on from the swapped-in position.
 */
export async function rebuildProjection(
  dataSource: DataSource,
  store: EventStore,
  projection: Projection,
  tables: readonly string[],
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 5000;
  // Unique per rebuild, so two at once do not share one; its advisory lock, held until the rebuild ends, tells a
  // scratch under way from one a crashed rebuild left behind, which the next rebuild drops.
  const schema = `${SCRATCH_PREFIX}${projection.name}_${randomBytes(6).toString('hex')}`;
  const owner = await tryLockProjections(dataSource, [schema]);
  if (!owner) throw new Error(`Rebuild of ${projection.name}: the lock of its new scratch schema ${schema} is taken`);
  try {
    await dropLeftovers(dataSource, projection.name);
    await createScratch(dataSource, schema, tables);
    let position = START;
    let events = 0;
    const reader = new BatchReader(store, batchSize);
    for (let batch = await reader.read(position); batch.length > 0; batch = await reader.read(position)) {
      await dataSource.transaction(async (manager) => {
        await manager.query(`SET LOCAL search_path TO ${quoted(schema)}, public`);
        await projection.apply(manager, batch);
      });
      position = batch.at(-1)?.position ?? position;
      events += batch.length;
    }
    const swapped = await dataSource.transaction(async (manager) => {
      // Readers and projector batches wait from here to the commit: they then see the whole new model.
      await manager.query(`LOCK TABLE ${tables.map((t) => `public.${quoted(t)}`).join(', ')} IN ACCESS EXCLUSIVE MODE`);
      await manager.query(`SET LOCAL search_path TO ${quoted(schema)}, public`);
      // The events appended since the replay's last read: few, so the lock is short.
      for (let batch = await store.readAll(position, batchSize); batch.length > 0; batch = await store.readAll(position, batchSize)) {
        await projection.apply(manager, batch);
        position = batch.at(-1)?.position ?? position;
        events += batch.length;
      }
      for (const table of tables) {
        await manager.query(`TRUNCATE public.${quoted(table)}`);
        await manager.query(`INSERT INTO public.${quoted(table)} SELECT * FROM ${quoted(schema)}.${quoted(table)}`);
      }
      await setCheckpoint(manager, projection.name, position, events);
      return { position, events };
    });
    return {
      projection: projection.name,
      events: swapped.events,
      position: swapped.position,
      replayedBy: 'rebuild',
      durationMs: Date.now() - started,
    };
  } finally {
    await dataSource.query(`DROP SCHEMA IF EXISTS ${quoted(schema)} CASCADE`).catch(() => undefined);
    await owner.release().catch(() => undefined);
  }
}

const SCRATCH_PREFIX = 'rebuild_';

/** Drops the scratch schemas of this projection's rebuilds whose lock nobody holds: their rebuild is gone. */
async function dropLeftovers(dataSource: DataSource, projection: string): Promise<void> {
  const rows = await dataSource.query<Array<{ name: string }>>(
    `SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1) AND nspname ~ '_[0-9a-f]{12}$'`,
    [`${SCRATCH_PREFIX}${projection}_`],
  );
  for (const { name } of rows) {
    const lock = await tryLockProjections(dataSource, [name]);
    if (!lock) continue;
    try {
      await dataSource.query(`DROP SCHEMA IF EXISTS ${quoted(name)} CASCADE`);
    } finally {
      await lock.release();
    }
  }
}

/**
 * Empty copies of the live tables (LIKE ... INCLUDING ALL). UNLOGGED, with only their unique indexes (which decide
 * what ON CONFLICT does): they are thrown away, and a crash loses nothing but the rebuild, which is run again.
 */
async function createScratch(dataSource: DataSource, schema: string, tables: readonly string[]): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await manager.query(`CREATE SCHEMA ${quoted(schema)}`);
    for (const table of tables) {
      await manager.query(`CREATE UNLOGGED TABLE ${quoted(schema)}.${quoted(table)} (LIKE public.${quoted(table)} INCLUDING ALL)`);
    }
    const secondary = await manager.query<Array<{ name: string }>>(
      `SELECT ic.relname AS name FROM pg_index i
         JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_namespace n ON n.oid = ic.relnamespace
        WHERE n.nspname = $1 AND NOT i.indisunique`,
      [schema],
    );
    for (const { name } of secondary) await manager.query(`DROP INDEX ${quoted(schema)}.${quoted(name)}`);
  });
}

async function setCheckpoint(manager: EntityManager, name: string, position: GlobalPosition, events: number): Promise<void> {
  await manager.query(
    `INSERT INTO public.projection_checkpoints (name, commit, prepare, events_applied) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name) DO UPDATE SET commit = $2, prepare = $3, events_applied = $4, updated_at = now()`,
    [name, position.commit.toString(), position.prepare.toString(), events],
  );
}

export interface ChargesRebuildResult extends RebuildResult {
  /** Charges in the read model afterwards. */
  charges: number;
}

/** The operator's rebuild of the charges read model (GET /pagos) and its daily totals (GET /pagos/stats). */
export async function rebuildCharges(
  dataSource: DataSource,
  store: EventStore,
  options: RebuildOptions = {},
): Promise<ChargesRebuildResult> {
  const result = await rebuildProjection(dataSource, store, chargesProjection, ['charges', 'charges_daily'], options);
  const rows = await dataSource.query<Array<{ count: number }>>('SELECT count(*)::int AS count FROM charges');
  return { ...result, charges: rows[0]?.count ?? 0 };
}
