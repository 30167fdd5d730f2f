// The bench's yardstick on the gateway's own server (`npm run bench`, BENCH_BASELINE=1, embedded default only): a
// handler that does one INSERT per request, through the same Fastify instance, Nest pipeline, hooks, filters and
// pool as POST /v1/pagos. Create's throughput is measured against it (issue 2, DESIGN.md 9). Never mounted otherwise.
import { Body, Controller, HttpCode, Module, Post, type OnModuleInit } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';

@ApiExcludeController()
@Controller('bench')
export class BenchBaselineController implements OnModuleInit {
  constructor(private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    await this.dataSource.query(
      'CREATE TABLE IF NOT EXISTS bench_baseline (id bigserial PRIMARY KEY, body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
    );
  }

  @Post('baseline')
  @HttpCode(201)
  async insert(@Body() body: Record<string, unknown>): Promise<{ id: string }> {
    const rows: Array<{ id: string }> = await this.dataSource.query('INSERT INTO bench_baseline (body) VALUES ($1) RETURNING id', [
      JSON.stringify(body),
    ]);
    return { id: String(rows[0]?.id) };
  }
}

@Module({ controllers: [BenchBaselineController] })
export class BenchBaselineModule {}
