// The bench's one-INSERT yardstick lives on the gateway's own server, and only when the bench asks for it.
import { ConfigError, loadConfig } from '../../src/kernel/config.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';

describe('POST /bench/baseline (npm run bench only)', () => {
  let gw: TestGateway | undefined;
  afterEach(async () => {
    await gw?.close();
    gw = undefined;
  });

  it('does not exist on a gateway started normally', async () => {
    gw = await startTestGateway();
    const answer = await http('POST', `${gw.publicUrl}/bench/baseline`, { body: { a: 1 } });
    expect(answer.status).toBe(404);
  });

  it('writes one row per request when BENCH_BASELINE is set', async () => {
    gw = await startTestGateway({ benchBaseline: true });
    const answers = await Promise.all([1, 2, 3].map((n) => http('POST', `${gw!.publicUrl}/bench/baseline`, { body: { n } })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const rows: Array<{ n: number }> = await gw.infra.dataSource.query("SELECT (body->>'n')::int AS n FROM bench_baseline ORDER BY n");
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3]);
  });

  it('cannot be set on a production database', () => {
    expect(() => loadConfig({ BENCH_BASELINE: '1', DATABASE_URL: 'postgres://x@db/pasarela', OPERATOR_TOKEN: 'o'.repeat(30), WEBHOOK_SECRET_KEY: 'a'.repeat(64) })).toThrow(
      ConfigError,
    );
    expect(loadConfig({ BENCH_BASELINE: '1' }).benchBaseline).toBe(true);
  });
});
