// The PostgreSQL event store (DESIGN.md section 2): one table, global order by (transaction id, position).
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EventStore1764000000000 implements MigrationInterface {
  name = 'EventStore1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE events (
        global_position bigserial PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id text NOT NULL,
        revision integer NOT NULL,
        event_id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_stream_revision UNIQUE (stream_id, revision)
      )`);
    // readAll resumes after the pair (transaction_id, global_position): a position alone skips late commits.
    await queryRunner.query('CREATE INDEX events_transaction_position ON events (transaction_id, global_position)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE events');
  }
}
