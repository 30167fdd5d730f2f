// GET /v1/pagos/stats through the real server: Bogotá calendar periods, across a month boundary that UTC places
// differently.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge, failCharge } from '../support/outcomes.js';

const bogota = (local: string): Date => new Date(`${local}-05:00`);
const zero = { cantidad: 0, monto: 0 };

describe('GET /v1/pagos/stats', () => {
  let gw: TestGateway;
  let now = bogota('2026-01-15T09:00:00');
  const clock = { now: () => now };
  let shop: OnboardedMerchant;
  let n = 0;

  const create = async (at: string, monto: number, who: OnboardedMerchant = shop): Promise<string> => {
    now = bogota(at);
    const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: who.apiKey,
      headers: { 'idempotency-key': `st-${++n}` },
      body: { merchantId: who.merchantId, monto, moneda: 'COP', referencia: `ST-${n}` },
    });
    expect(answer.status).toBe(201);
    return answer.body.id;
  };
  const stats = (query: string, token = shop.apiKey) => http('GET', `${gw.publicUrl}/v1/pagos/stats${query}`, { token });

  beforeAll(async () => {
    gw = await startTestGateway({}, clock);
    shop = await onboardMerchant(gw);
    const other = await onboardMerchant(gw);
    await approveCharge(gw, await create('2026-01-15T10:00:00', 10_000));
    await create('2026-01-31T23:30:00', 20_000); // 1 February 04:30 in UTC: January in Bogotá
    await approveCharge(gw, await create('2026-02-01T00:30:00', 30_000));
    await failCharge(gw, await create('2026-02-28T18:00:00', 40_000), { method: 'pse' });
    await create('2026-03-01T00:00:00', 50_000); // the first instant of March in Bogotá
    await create('2026-02-10T12:00:00', 99_000, other); // another merchant's: never counted
    // Stats read the read model, which follows the events by a moment: wait until it shows the final states.
    const expected = ['pendiente', 'fallido', 'aprobado', 'pendiente', 'aprobado'];
    for (let tries = 0; tries < 200; tries++) {
      const list = await http('GET', `${gw.publicUrl}/v1/pagos?limit=100`, { token: shop.apiKey });
      if (JSON.stringify(list.body.data.map((c: { estado: string }) => c.estado)) === JSON.stringify(expected)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the charges read model did not catch up');
  });
  afterAll(() => gw.close());

  it('totals per month in Bogotá: the 23:30 charge of 31 January counts in January', async () => {
    const answer = await stats('?desde=2026-01-01&hasta=2026-02-28&periodo=mes');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ desde: '2026-01-01', hasta: '2026-02-28', periodo: 'mes', zonaHoraria: 'America/Bogota', moneda: 'COP' });
    expect(answer.body.total).toEqual({
      cantidad: 4,
      monto: 100_000,
      porEstado: {
        creado: zero,
        pendiente: { cantidad: 1, monto: 20_000 },
        aprobado: { cantidad: 2, monto: 40_000 },
        fallido: { cantidad: 1, monto: 40_000 },
        conciliado: zero,
        reembolsado: zero,
      },
    });
    const [enero, febrero] = answer.body.periodos;
    expect(answer.body.periodos).toHaveLength(2);
    expect(enero).toMatchObject({ periodo: '2026-01-01', desde: '2026-01-01', hasta: '2026-01-31', cantidad: 2, monto: 30_000 });
    expect(enero.porEstado.pendiente).toEqual({ cantidad: 1, monto: 20_000 });
    expect(febrero).toMatchObject({ periodo: '2026-02-01', desde: '2026-02-01', hasta: '2026-02-28', cantidad: 2, monto: 70_000 });
    expect(febrero.porEstado.aprobado).toEqual({ cantidad: 1, monto: 30_000 });
    expect(febrero.porEstado.fallido).toEqual({ cantidad: 1, monto: 40_000 });
  });

  it('per day on both sides of midnight in Bogotá', async () => {
    const answer = await stats('?desde=2026-01-31&hasta=2026-02-01&periodo=dia');
    expect(answer.body.periodos.map((p: { periodo: string; cantidad: number; monto: number }) => [p.periodo, p.cantidad, p.monto])).toEqual([
      ['2026-01-31', 1, 20_000],
      ['2026-02-01', 1, 30_000],
    ]);
  });

  it('per week from Monday, clipped to the range, empty weeks with zeros', async () => {
    const answer = await stats('?desde=2026-01-28&hasta=2026-02-03&periodo=semana');
    expect(answer.body.periodos).toHaveLength(2);
    expect(answer.body.periodos[0]).toMatchObject({ periodo: '2026-01-26', desde: '2026-01-28', hasta: '2026-02-01', cantidad: 2, monto: 50_000 });
    expect(answer.body.periodos[1]).toMatchObject({ periodo: '2026-02-02', desde: '2026-02-02', hasta: '2026-02-03', cantidad: 0, monto: 0 });
    expect(answer.body.periodos[1].porEstado.aprobado).toEqual(zero);
  });

  it('counts from the first instant of desde: March begins at 00:00 in Bogotá', async () => {
    const answer = await stats('?desde=2026-03-01&hasta=2026-03-01');
    expect(answer.body.total.cantidad).toBe(1);
    expect(answer.body.total.porEstado.pendiente).toEqual({ cantidad: 1, monto: 50_000 });
  });

  it('defaults to this month so far, per day', async () => {
    now = bogota('2026-03-02T08:00:00');
    const answer = await stats('');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ desde: '2026-03-01', hasta: '2026-03-02', periodo: 'dia' });
    expect(answer.body.periodos).toHaveLength(2);
    expect(answer.body.total.cantidad).toBe(1);
  });

  it('is not taken for a charge id by GET /v1/pagos/{id}', async () => {
    const answer = await stats('?periodo=mes');
    expect(answer.status).toBe(200);
    expect(answer.body.periodos).toBeDefined();
  });

  it.each([
    ['?periodo=anual', 'periodo'],
    ['?desde=2026-02-30', 'desde'],
    ['?desde=01-02-2026', 'desde'],
    ['?desde=2026-03-01&hasta=2026-02-01', 'hasta'],
    ['?desde=2020-01-01&hasta=2026-01-01', 'hasta'],
    ['?desde=0000-01-01&hasta=0000-01-02', 'desde'],
    ['?desde=1969-12-31&hasta=1970-01-01', 'desde'],
    ['?moneda=COP', 'moneda'],
  ])('%s -> 400 with a field error', async (query, field) => {
    const answer = await stats(query);
    expect(answer.status).toBe(400);
    expect(answer.body.message.fieldErrors).toHaveProperty(field);
  });

  // A parameter sent twice arrived as an array, and was answered as a bad value though each value was valid.
  it.each([
    ['?periodo=dia&periodo=mes', 'periodo'],
    ['?desde=2026-01-01&desde=2026-02-01', 'desde'],
    ['?desde=2026-01-01&hasta=2026-02-01&hasta=2026-02-02', 'hasta'],
  ])('%s -> 400 saying %s is accepted once', async (query, field) => {
    const answer = await stats(query);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual({ formErrors: [], fieldErrors: { [field]: [`${field} is accepted once: send it once`] } });
  });

  // Before, the calendar, the order and the span were judged in the handler, after class-validator had named periodo.
  it('one 400 names every problem of the query, each with its own message', async () => {
    const days = await stats('?periodo=anual&desde=2026-02-30&hasta=2026-11-31&moneda=COP');
    expect(days.status).toBe(400);
    expect(days.body.message).toEqual({
      formErrors: [],
      fieldErrors: {
        periodo: ['periodo must be one of dia, semana, mes'],
        moneda: ['moneda is not a known field'],
        desde: ['desde is not a calendar date from 1970-01-01 on'],
        hasta: ['hasta is not a calendar date from 1970-01-01 on'],
      },
    });
    const reversed = await stats('?periodo=anual&desde=2026-03-01&hasta=2026-02-01');
    expect(reversed.body.message.fieldErrors).toEqual({ periodo: ['periodo must be one of dia, semana, mes'], hasta: ['hasta must be on or after desde'] });
    // hasta defaults to today on the gateway's clock: 2 March 2026 here, more than 731 days after 2024-01-01.
    now = bogota('2026-03-02T08:00:00');
    const long = await stats('?periodo=anual&desde=2024-01-01');
    // With hasta left to its default, the problem is named on desde, the field the client sent.
    expect(long.body.message.fieldErrors).toEqual({
      periodo: ['periodo must be one of dia, semana, mes'],
      desde: ['desde may be at most 731 days before today (2026-03-02) when hasta is not sent'],
    });
    expect((await stats('?desde=2024-01-01&hasta=2026-03-02')).body.message.fieldErrors).toEqual({ hasta: ['the range may span at most 731 days'] });
    // A day past today on its own, with a bad periodo: desde after the default hasta.
    const future = await stats('?periodo=anual&desde=2026-03-03');
    expect(future.body.message.fieldErrors).toEqual({
      periodo: ['periodo must be one of dia, semana, mes'],
      desde: ['desde must be on or before today (2026-03-02) when hasta is not sent'],
    });
    expect((await stats('?desde=2026-03-02')).status).toBe(200);
  });

  it.each(['dia', 'semana', 'mes'])('answers the last day of year 9999 per %s (it once never answered, and took the gateway down)', async (periodo) => {
    const answer = await stats(`?desde=9999-12-31&hasta=9999-12-31&periodo=${periodo}`);
    expect(answer.status).toBe(200);
    expect(answer.body.periodos).toHaveLength(1);
  });

  it('needs a key', async () => {
    expect((await http('GET', `${gw.publicUrl}/v1/pagos/stats`)).status).toBe(401);
  });
});
