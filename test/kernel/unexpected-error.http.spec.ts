// An unexpected failure (here: a table renamed under a running gateway) answers 500 with a reference the client can
// quote (the merchant API in its body, the hosted checkout and the portal on their page), and the log names the
// request and that same reference, so the operator finds the line; a page's path carries a token, never logged.
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
    await run('ALTER TABLE IF EXISTS events_damaged RENAME TO events').catch(() => undefined);
    await run('ALTER TABLE IF EXISTS personas_damaged RENAME TO personas').catch(() => undefined);
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

  test("a route with a parameter is named by its pattern, not by the path's id", async () => {
    const id = '0b7f3f0e-5d2a-4c8e-9a51-3f4d2c1b0a99';
    await run('ALTER TABLE charges RENAME TO charges_damaged');
    await run('ALTER TABLE events RENAME TO events_damaged');
    const answer = await http('GET', `${gw.publicUrl}/v1/pagos/${id}`, { token: merchant.apiKey });
    await run('ALTER TABLE events_damaged RENAME TO events');
    await run('ALTER TABLE charges_damaged RENAME TO charges');

    expect(answer.status).toBe(500);
    const reference = /\(ref ([0-9a-f-]{36})\)$/.exec(String(answer.body.message))?.[1];
    expect(logger.lines.filter((line) => line.includes(reference!))).toEqual([
      expect.stringMatching(new RegExp(`^error \\[HTTP\\] GET /v1/pagos/:id answered 500 \\(ref ${reference}\\): `)),
    ]);
    expect(logger.lines.filter((line) => line.includes(id))).toEqual([]);
  });

  /** The one log line naming `reference`, and that no line names the token of the path. */
  const lineOf = (reference: string, token: string): string[] => {
    expect(logger.lines.filter((line) => line.includes(token))).toEqual([]);
    return logger.lines.filter((line) => line.includes(reference));
  };

  test('the hosted checkout page shows a reference, and its log line names the route, never the checkout token', async () => {
    const created = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': 'pagina-500' },
      body: { merchantId: merchant.merchantId, monto: 50000, moneda: 'COP', referencia: 'PED-500' },
    });
    expect(created.status).toBe(201);
    const checkoutUrl = new URL(created.body.checkoutUrl as string);
    const token = checkoutUrl.pathname.split('/').at(-1)!;

    // The page reads the charge's stream (its token names the charge): the events table is what it needs.
    await run('ALTER TABLE events RENAME TO events_damaged');
    const page = await fetch(`${gw.publicUrl}${checkoutUrl.pathname}?metodo=pse`);
    const text = await page.text();
    await run('ALTER TABLE events_damaged RENAME TO events');

    expect([page.status, page.headers.get('content-type')]).toEqual([500, expect.stringContaining('text/html')]);
    const reference = /referencia del error: ([0-9a-f-]{36})/.exec(text)?.[1];
    expect(reference).toBeDefined();
    expect(lineOf(reference!, token)).toEqual([expect.stringMatching(new RegExp(`^error \\[Checkout\\] GET /checkout/:token answered 500 \\(ref ${reference}\\): `))]);
  });

  test('a portal page shows a reference, and its log line names the route, never the invitation token', async () => {
    const invited = await http('POST', `${gw.adminUrl}/internal/merchants/${merchant.merchantId}/personas`, {
      token: gw.operatorToken,
      body: { email: 'ana@tienda-500.co', nombre: 'Ana' },
    });
    expect(invited.status).toBe(201);
    const path = new URL(invited.body.invitacion.url as string).pathname;
    const token = path.split('/').at(-1)!;

    await run('ALTER TABLE personas RENAME TO personas_damaged');
    const page = await fetch(`${gw.publicUrl}${path}`);
    const text = await page.text();
    await run('ALTER TABLE personas_damaged RENAME TO personas');

    expect([page.status, page.headers.get('content-type')]).toEqual([500, expect.stringContaining('text/html')]);
    const reference = /Referencia del error: <strong>([0-9a-f-]{36})<\/strong>/.exec(text)?.[1];
    expect(reference).toBeDefined();
    expect(lineOf(reference!, token)).toEqual([expect.stringMatching(new RegExp(`^error \\[Portal\\] GET /portal/invitacion/:token answered 500 \\(ref ${reference}\\): `))]);
  });
});
