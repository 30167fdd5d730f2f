// Every operation of /docs/openapi.json, called for real: each answer's status, headers and body are what the document
// says. openapi-table.ts says how to call each operation; an operation added to the document without a row fails here.
import { http, startTestGateway, type HttpAnswer } from '../support/gateway.js';
import { issueKey } from '../support/merchants.js';
import { prepare, send as sendTo, TABLE, type Fixtures, type Request } from './openapi-table.js';
import { OpenApiConformance, type OpenApiDocument } from './openapi-validator.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('the merchant API answers as /docs/openapi.json says', () => {
  let f: Fixtures;
  let oas: OpenApiConformance;

  beforeAll(async () => {
    const gw = await startTestGateway({ providerTimeoutMs: 2000 });
    const doc = await http<OpenApiDocument>('GET', `${gw.publicUrl}/docs/openapi.json`);
    oas = new OpenApiConformance(doc.body);
    f = await prepare(gw);
  });
  afterAll(() => f?.gw.close());

  const send = (operation: string, request: Request): Promise<HttpAnswer> => sendTo(f.gw, operation, request);

  it('has a row for every operation in the document, and none for an operation it does not list', () => {
    expect(Object.keys(TABLE).sort()).toEqual(oas.operations().sort());
  });

  it('covers each operation\'s success status and every 403, 404 and 409 the document lists', () => {
    for (const [operation, cases] of Object.entries(TABLE)) {
      const documented = Object.keys(oas.operation(operation).responses).map(Number);
      const wanted = documented.filter((s) => s < 300 || s === 403 || s === 404 || s === 409);
      const covered = new Set(cases.map((c) => c.status));
      expect([operation, wanted.filter((s) => !covered.has(s))]).toEqual([operation, []]);
    }
  });

  const rows = Object.entries(TABLE).flatMap(([operation, cases]) => cases.map((c) => [operation, c.status, c.name, c] as const));

  it.each(rows)('%s: %d (%s)', async (operation, status, _name, c) => {
    const request = await c.request(f);
    if (request.body !== undefined && !request.invalid) expect(oas.requestErrors(operation, request.body)).toEqual([]);
    const answer = await send(operation, request);
    expect([answer.status, oas.answerErrors(operation, answer)]).toEqual([status, []]);
    request.expect?.(answer);
  });

  it.each(Object.entries(TABLE))('%s: 401 without a valid key', async (operation, cases) => {
    const request = await cases[0]!.request(f);
    const answer = await send(operation, { ...request, token: 'svcpk_not-a-real-key' });
    expect([answer.status, oas.answerErrors(operation, answer)]).toEqual([401, []]);
  });

  // DESIGN.md 5.2: on every write, a body over 100 kB is 413, another Content-Type 415 and JSON that does not parse
  // 400, whether or not the operation takes a body.
  it.each(Object.keys(TABLE).filter((o) => WRITES.has(o.split(' ')[0]!)))('%s: 413, 415 and 400 for a body it cannot read', async (operation) => {
    const request = await TABLE[operation]![0]!.request(f);
    const huge = await send(operation, { ...request, body: { padding: 'x'.repeat(110_000) } });
    const text = await send(operation, { ...request, body: undefined, rawBody: 'monto=1', headers: { ...request.headers, 'content-type': 'text/plain' } });
    const broken = await send(operation, { ...request, body: undefined, rawBody: '{', headers: { ...request.headers, 'content-type': 'application/json' } });
    expect([huge.status, text.status, broken.status]).toEqual([413, 415, 400]);
    expect([huge, text, broken].map((answer) => oas.answerErrors(operation, answer))).toEqual([[], [], []]);
  });

  it('GET /v1/merchants/me: 429 with Retry-After once a key spends its burst', async () => {
    const key = (await issueKey(f.gw, f.shop.merchantId, 'lectura')).key;
    let limited: HttpAnswer | undefined;
    for (let round = 0; round < 10 && !limited; round++) {
      const answers = await Promise.all(Array.from({ length: 100 }, () => http('GET', `${f.gw.publicUrl}/v1/merchants/me`, { token: key })));
      limited = answers.find((a) => a.status === 429);
    }
    expect(limited).toBeDefined();
    expect(oas.answerErrors('GET /v1/merchants/me', limited!)).toEqual([]);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
