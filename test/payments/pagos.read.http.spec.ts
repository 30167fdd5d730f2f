// GET /v1/pagos/{id} and GET /v1/pagos through the real server.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';

describe('reading charges', () => {
  let gw: TestGateway;
  let merchant: { merchantId: string; apiKey: string };
  let n = 0;

  const create = async (extra: Record<string, unknown> = {}, who = merchant) => {
    const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: who.apiKey,
      headers: { 'idempotency-key': `k-${++n}` },
      body: { merchantId: who.merchantId, monto: 1000 * n, moneda: 'COP', referencia: `R-${n}`, ...extra },
    });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const get = (path: string, token = merchant.apiKey) => http('GET', `${gw.publicUrl}/v1/pagos${path}`, { token });

  beforeAll(async () => {
    gw = await startTestGateway();
    merchant = await onboardMerchant(gw, {});
  });
  afterAll(() => gw.close());

  describe('GET /v1/pagos/{id}', () => {
    it('reads a charge right after its 201, equal to the 201 body (read-your-writes)', async () => {
      const created = await create();
      const answer = await get(`/${created.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(created);
    });

    it('answers 404 for a missing charge and for another merchant\'s, with identical bodies', async () => {
      const other = await onboardMerchant(gw, {});
      const theirs = await create({}, other);
      const foreign = await get(`/${theirs.id}`);
      const missing = await get('/7c9e6679-7425-40de-944b-e07fc1f90ae7');
      expect(foreign.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(foreign.text).toBe(missing.text);
      expect(foreign.body).toMatchObject({ statusCode: 404, code: 'not_found' });
    });

    it('reads its id in upper case too (a UUID has no case)', async () => {
      const created = await create();
      const answer = await get(`/${created.id.toUpperCase()}`);
      expect(answer.status).toBe(200);
      expect(answer.body.id).toBe(created.id);
    });

    it('answers 404 for a malformed id', async () => {
      expect((await get('/not-a-uuid')).status).toBe(404);
    });

    it('needs a key: 401 with WWW-Authenticate', async () => {
      const answer = await http('GET', `${gw.publicUrl}/v1/pagos/7c9e6679-7425-40de-944b-e07fc1f90ae7`);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(answer.body.code).toBe('invalid_api_key');
    });

    it('a read-only key can read', async () => {
      const created = await create();
      const reader = await http('POST', `${gw.adminUrl}/internal/merchants/${merchant.merchantId}/api-keys`, {
        token: gw.operatorToken,
        body: { rol: 'lectura' },
      });
      expect((await get(`/${created.id}`, reader.body.key)).status).toBe(200);
    });
  });

  describe('GET /v1/pagos', () => {
    let shop: { merchantId: string; apiKey: string };
    const ids: string[] = [];

    beforeAll(async () => {
      shop = await onboardMerchant(gw, {});
      for (let i = 0; i < 7; i++) ids.push((await create({ referencia: i % 2 === 0 ? 'PAR' : `IMPAR-${i}` }, shop)).id);
      // The list reads the read model, which may lag the 201 by a moment: wait until it shows them all as created.
      for (let tries = 0; tries < 100; tries++) {
        const all = await get('?estado=pendiente&limit=100', shop.apiKey);
        if (all.body.data.length === 7) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    });

    it('pages newest first with a cursor, each charge once', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const answer = await get(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`, shop.apiKey);
        expect(answer.status).toBe(200);
        expect(answer.body.data.length).toBeLessThanOrEqual(3);
        seen.push(...answer.body.data.map((c: { id: string }) => c.id));
        cursor = answer.body.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([...ids].reverse());
      // A page that ends exactly at the last charge says there is no next one (not a cursor to an empty page).
      const whole = await get(`?limit=${ids.length}`, shop.apiKey);
      expect([whole.body.data.length, whole.body.nextCursor]).toEqual([ids.length, null]);
    });

    it('filters by referencia and estado', async () => {
      const par = await get('?referencia=PAR', shop.apiKey);
      expect(par.body.data).toHaveLength(4);
      // Exact and case-sensitive, as the OpenAPI says: no other case, no prefix, no trimmed spaces; empty filters nothing.
      for (const other of ['par', 'PA', 'AR', '%20PAR', 'PAR%20']) {
        expect([other, (await get(`?referencia=${other}`, shop.apiKey)).body.data]).toEqual([other, []]);
      }
      expect((await get('?referencia=&limit=100', shop.apiKey)).body.data).toHaveLength(7);
      expect((await get('?estado=pendiente&limit=100', shop.apiKey)).body.data).toHaveLength(7);
      expect((await get('?estado=aprobado', shop.apiKey)).body.data).toHaveLength(0);
    });

    it('filters by dates in America/Bogota', async () => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
      expect((await get(`?desde=${today}&hasta=${today}&limit=100`, shop.apiKey)).body.data).toHaveLength(7);
      expect((await get('?hasta=2020-01-01', shop.apiKey)).body.data).toHaveLength(0);
    });

    // Python's isoformat() and most logs write "+00:00"; pasted into a URL its + arrives as a space, which the 400
    // then names, rather than calling an ISO 8601 date-time not one.
    it('says how to send the + of an offset when it arrived as a space', async () => {
      const answer = await get('?desde=2026-11-24T01:00:00+00:00&hasta=2026-11-25T01:00:00+0000', shop.apiKey);
      expect(answer.body.message.fieldErrors).toEqual({
        desde: ['desde must be a date (YYYY-MM-DD) or an ISO 8601 date-time (a + in a URL arrives as a space: send it as %2B)'],
        hasta: ['hasta must be a date (YYYY-MM-DD) or an ISO 8601 date-time (a + in a URL arrives as a space: send it as %2B)'],
      });
      const encoded = await get(`?desde=${encodeURIComponent('2020-01-01T00:00:00+00:00')}&limit=100`, shop.apiKey);
      expect(encoded.body.data).toHaveLength(7);
    });

    it('shows only the merchant\'s own charges', async () => {
      const answer = await get('?limit=100', shop.apiKey);
      expect(answer.body.data.every((c: { merchantId: string }) => c.merchantId === shop.merchantId)).toBe(true);
    });

    // A forged cursor in a year PostgreSQL cannot read, and text it cannot store, are 400s, not its errors.
    const farCursor = Buffer.from(JSON.stringify(['+010000-01-01T00:00:00.000Z', '7c9e6679-7425-40de-944b-e07fc1f90ae7'])).toString('base64url');
    it.each([['limit=0'], ['limit=101'], ['limit=abc'], ['estado=pagado'], ['desde=ayer'], ['cursor=basura'], [`cursor=${farCursor}`], ['referencia=a%00b'], ['desde=2026-02-01&hasta=2026-01-01'], ['desde=2026-02-30'], ['hasta=2026-11-31'], ['desde=2026-13-01'], ['hasta=2026-02-30T10:00:00Z'], ['desde=2026-W05'], ['desde=20260201']])(
      '?%s -> 400',
      async (query) => {
        const answer = await get(`?${query}`, shop.apiKey);
        expect(answer.status).toBe(400);
        expect(answer.body.message.fieldErrors).toBeDefined();
      },
    );

    // A parameter sent twice arrived as an array, and was answered "estado must be one of …" though both were valid.
    it.each([
      ['estado=aprobado&estado=fallido', 'estado'],
      ['referencia=PAR&referencia=PAR', 'referencia'],
      ['desde=2026-01-01&desde=2026-02-01', 'desde'],
      ['hasta=2026-01-01&hasta=2026-02-01', 'hasta'],
      ['limit=10&limit=20', 'limit'],
      ['cursor=a&cursor=b', 'cursor'],
    ])('?%s -> 400 saying %s is accepted once', async (query, field) => {
      const answer = await get(`?${query}`, shop.apiKey);
      expect(answer.status).toBe(400);
      expect(answer.body.message.formErrors).toEqual([]);
      expect(answer.body.message.fieldErrors[field]).toEqual([`${field} is accepted once: send it once`]);
    });

    // `constructor` was deleted by Nest's pipe and `toString` skipped by class-transformer: both answered 200.
    it.each(['constructor=1', 'toString=1', 'prototype=1', '__proto__=1'])('?%s -> 400: an unknown field, however it is named', async (query) => {
      const field = query.split('=')[0]!;
      const answer = await get(`?${query}&limit=0`, shop.apiKey);
      expect(answer.status).toBe(400);
      expect(answer.body.message.fieldErrors).toEqual({ limit: ['limit must be a whole number from 1 to 100'], [field]: [`${field} is not a known field`] });
    });

    // Before, the days, their order, limit's range and the cursor were judged after class-validator, in the handler:
    // a query with a bad estado heard only of estado.
    it('one 400 names every problem of the query, each with its own message', async () => {
      const answer = await get('?estado=nope&desde=2026-02-30&hasta=2026-11-31&limit=0&cursor=basura', shop.apiKey);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual({
        formErrors: [],
        fieldErrors: {
          estado: [`estado must be one of creado, pendiente, aprobado, fallido, conciliado, reembolsado`],
          desde: ['desde must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
          hasta: ['hasta must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
          limit: ['limit must be a whole number from 1 to 100'],
          cursor: ['cursor is not valid: pass the nextCursor of the previous page as it is'],
        },
      });
      const reversed = await get('?referencia=' + 'x'.repeat(121) + '&desde=2026-02-01&hasta=2026-01-01&limit=abc', shop.apiKey);
      expect(reversed.status).toBe(400);
      expect(reversed.body.message.fieldErrors).toEqual({
        referencia: ['referencia must be at most 120 characters long'],
        hasta: ['hasta must be after desde'],
        limit: ['limit must be a whole number from 1 to 100'],
      });
    });
  });
});
