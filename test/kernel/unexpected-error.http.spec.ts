// An unexpected failure (here: the charges read model damaged under a running gateway) answers 500 with a reference
// the client can quote, and the log names the request and that same reference, so the operator finds the line.
import pg from 'pg';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { capturingLogger } from '../support/logging.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

describe('an unexpected failure of the merchant API', () => {
  const logger = capturingLogger();
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  const run = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: gw.databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    gw = await startTestGateway({}, undefined, logger);
    merchant = await onboardMerchant(gw);
  }, 60_000);

  afterAll(async () => {
    await run('ALTER TABLE IF EXISTS charges_damaged RENAME TO charges').catch(() => undefined);
    await gw?.close();
  });

  test('answers 500 with a reference, and logs one line naming the request and that reference', async () => {
    await run('ALTER TABLE charges RENAME TO charges_damaged');
    const answer = await http('GET', `${gw.publicUrl}/v1/pagos?referencia=PED-1&limit=5`, { token: merchant.apiKey });
    await run('ALTER TABLE charges_damaged RENAME TO charges');

    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ statusCode: 500, error: 'Internal Server Error', code: 'internal_error' });
    const reference = /\(ref ([0-9a-f-]{36})\)$/.exec(String(answer.body.message))?.[1];
    expect(reference).toBeDefined();
    const named = logger.lines.filter((line) => line.includes(reference!));
    expect(named).toEqual([expect.stringMatching(new RegExp(`^error \\[HTTP\\] GET /v1/pagos answered 500 \\(ref ${reference}\\): `))]);
  });
});
