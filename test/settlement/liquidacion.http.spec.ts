// GET /v1/pagos/{id}/liquidacion and the operator's tariffs, through the real servers, on a clock the test moves.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge, failCharge, recordRefund } from '../support/outcomes.js';

const bogota = (local: string): Date => new Date(`${local}-05:00`);

describe('liquidación of a charge', () => {
  let gw: TestGateway;
  let now = bogota('2026-11-19T20:00:00');
  const clock = { now: () => now };
  let shop: OnboardedMerchant;
  let n = 0;

  const create = async (monto: number, who: OnboardedMerchant = shop): Promise<string> => {
    const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: who.apiKey,
      headers: { 'idempotency-key': `liq-${++n}` },
      body: { merchantId: who.merchantId, monto, moneda: 'COP', referencia: `PED-${n}` },
    });
    expect(answer.status).toBe(201);
    return answer.body.id;
  };
  const liquidacion = (id: string, token = shop.apiKey) => http('GET', `${gw.publicUrl}/v1/pagos/${id}/liquidacion`, { token });
  const operator = (method: string, path: string, body?: unknown) =>
    http(method, `${gw.adminUrl}/internal${path}`, { token: gw.operatorToken, body });

  beforeAll(async () => {
    gw = await startTestGateway({}, clock);
    shop = await onboardMerchant(gw, { nombre: 'Tienda en Bogotá' });
    // A merchant in Bogotá: reteICA 0,414 %; everything else the defaults of DESIGN.md 5.12.
    const tarifa = await operator('PUT', `/merchants/${shop.merchantId}/tarifa`, { reteIcaPorcentaje: 0.414 });
    expect(tarifa.status).toBe(200);
  });
  afterAll(() => gw.close());

  describe('before approval', () => {
    it('answers 409 settlement_not_available for a pendiente charge', async () => {
      const answer = await liquidacion(await create(50_000));
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ statusCode: 409, code: 'settlement_not_available' });
      expect(answer.body.message).toContain('pendiente');
    });

    it('answers 409 for a fallido charge: it will never be settled', async () => {
      const id = await create(50_000);
      await failCharge(gw, id, { at: now, method: 'pse' });
      const answer = await liquidacion(id);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toContain('fallido');
    });

    it("answers 404 for a missing charge, another merchant's and a malformed id, with one body", async () => {
      const other = await onboardMerchant(gw);
      const theirs = await create(10_000, other);
      await approveCharge(gw, theirs);
      const foreign = await liquidacion(theirs);
      const missing = await liquidacion('7c9e6679-7425-40de-944b-e07fc1f90ae7');
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe(missing.text);
      expect((await liquidacion('no-es-un-uuid')).status).toBe(404);
    });
  });

  describe("the operator's door: GET /internal/pagos/{id}/liquidacion", () => {
    it("answers any merchant's line exactly as that merchant reads it, with that merchant's tariff", async () => {
      const other = await onboardMerchant(gw, { nombre: 'Tienda en Medellín' });
      expect((await operator('PUT', `/merchants/${other.merchantId}/tarifa`, { comisionPorcentaje: 3.1, reteIcaPorcentaje: 0.7 })).status).toBe(200);
      const ours = await create(100_000);
      const theirs = await create(100_000, other);
      await approveCharge(gw, ours, { at: now, method: 'tarjeta' });
      await approveCharge(gw, theirs, { at: now, method: 'tarjeta' });
      for (const [id, who] of [[ours, shop], [theirs, other]] as const) {
        const merchants = await liquidacion(id, who.apiKey);
        const operators = await operator('GET', `/pagos/${id}/liquidacion`);
        expect([merchants.status, operators.status]).toEqual([200, 200]);
        expect(operators.body).toEqual(merchants.body);
      }
      // Each line with its own merchant's fee.
      expect((await operator('GET', `/pagos/${theirs}/liquidacion`)).body.tarifas.comisionPorcentaje).toBe(3.1);
      expect((await operator('GET', `/pagos/${ours}/liquidacion`)).body.tarifas.comisionPorcentaje).toBe(2.65);
    });

    it('answers 409 before approval, 404 for a missing or malformed id, 401 without the token; not on the public listener', async () => {
      const pending = await create(20_000);
      const early = await operator('GET', `/pagos/${pending}/liquidacion`);
      expect([early.status, early.body.code]).toEqual([409, 'settlement_not_available']);
      expect((await operator('GET', '/pagos/7c9e6679-7425-40de-944b-e07fc1f90ae7/liquidacion')).status).toBe(404);
      expect((await operator('GET', '/pagos/no-es-un-uuid/liquidacion')).status).toBe(404);
      expect((await http('GET', `${gw.adminUrl}/internal/pagos/${pending}/liquidacion`, { token: shop.apiKey })).status).toBe(401);
      expect((await http('GET', `${gw.publicUrl}/internal/pagos/${pending}/liquidacion`, { token: gw.operatorToken })).status).toBe(404);
    });
  });

  describe('a $100.000 card payment approved on Thursday 19 November 2026 at 21:00 in Bogotá', () => {
    let id: string;

    beforeAll(async () => {
      id = await create(100_000);
      now = bogota('2026-11-19T21:00:00'); // already Friday 02:00 in UTC
      await approveCharge(gw, id, { at: now, method: 'tarjeta' });
    });

    it('gives the lines of the worked example, which add up to the gross', async () => {
      const answer = await liquidacion(id);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        pagoId: id,
        estadoPago: 'aprobado',
        metodo: 'tarjeta',
        moneda: 'COP',
        bruto: 100_000,
        base: 84_034,
        ivaVenta: 15_966,
        comision: 3_350,
        ivaComision: 637,
        retenciones: { retefuente: 1_261, reteIva: 2_395, reteIca: 348 },
        neto: 92_009,
        tarifas: { comisionPorcentaje: 2.65, comisionFija: 700, ivaComisionPorcentaje: 19, retefuentePorcentaje: 1.5, reteIvaPorcentaje: 15, reteIcaPorcentaje: 0.414 },
        reembolsadoEn: null,
      });
      const { comision, ivaComision, retenciones, neto } = answer.body;
      expect(comision + ivaComision + retenciones.retefuente + retenciones.reteIva + retenciones.reteIca + neto).toBe(100_000);
    });

    it('pays on the next business day after the Bogotá date of the approval (Friday 20), not the UTC date', async () => {
      const answer = await liquidacion(id);
      expect(answer.body.aprobadoEn).toBe('2026-11-20T02:00:00.000Z');
      expect(answer.body.fechaPagoEstimada).toBe('2026-11-20');
      expect(answer.body.estado).toBe('programada');
    });

    it('stays programada during the payout day and is liquidada once that day is over in Bogotá', async () => {
      now = bogota('2026-11-20T23:59:00');
      expect((await liquidacion(id)).body.estado).toBe('programada');
      now = bogota('2026-11-21T00:00:00');
      expect((await liquidacion(id)).body.estado).toBe('liquidada');
    });

    it('a read-only key can read it', async () => {
      const reader = await http('POST', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/api-keys`, {
        token: gw.operatorToken,
        body: { rol: 'lectura' },
      });
      expect((await liquidacion(id, reader.body.key)).status).toBe(200);
    });

    it('keeps the terms in force at its approval when the operator changes the tariff later', async () => {
      const changed = await operator('PUT', `/merchants/${shop.merchantId}/tarifa`, { comisionPorcentaje: 3, reteIcaPorcentaje: 0.414 });
      expect(changed.status).toBe(200);
      const answer = await liquidacion(id);
      expect(answer.body.comision).toBe(3_350);
      expect(answer.body.tarifas.comisionPorcentaje).toBe(2.65);
    });

    it('is revertida after a refund, with the refund time, the lines unchanged', async () => {
      now = bogota('2026-11-23T09:30:00');
      await recordRefund(gw, id, now);
      const answer = await liquidacion(id);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ estadoPago: 'reembolsado', estado: 'revertida', neto: 92_009, reembolsadoEn: '2026-11-23T14:30:00.000Z' });
    });
  });

  it('a $5.000 cash payment under the default tariff: fee and its IVA, no withholdings', async () => {
    const plain = await onboardMerchant(gw);
    const id = await create(5_000, plain);
    now = bogota('2026-11-24T10:00:00');
    await approveCharge(gw, id, { at: now, method: 'efectivo' });
    const answer = await liquidacion(id, plain.apiKey);
    expect(answer.body).toMatchObject({
      metodo: 'efectivo',
      bruto: 5_000,
      comision: 833,
      ivaComision: 158,
      retenciones: { retefuente: 0, reteIva: 0, reteIca: 0 },
      neto: 4_009,
      fechaPagoEstimada: '2026-11-25',
      estado: 'programada',
    });
  });

  it('pays after a holiday weekend: approved Friday 4 December 2026, paid Monday 7 (8 December is a holiday too)', async () => {
    const id = await create(20_000);
    now = bogota('2026-12-04T16:00:00');
    await approveCharge(gw, id, { at: now, method: 'pse' });
    expect((await liquidacion(id)).body.fechaPagoEstimada).toBe('2026-12-07');
    const monday = await create(20_000);
    now = bogota('2026-12-07T16:00:00');
    await approveCharge(gw, monday, { at: now, method: 'pse' });
    expect((await liquidacion(monday)).body.fechaPagoEstimada).toBe('2026-12-09');
  });

  describe('the dated retefuente table', () => {
    it('starts with the DUR 1625/2016 rate', async () => {
      const answer = await operator('GET', '/retefuente');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([{ vigenteDesde: '2016-10-11', porcentaje: 1.5, fuente: 'DUR 1625 de 2016, art. 1.3.2.1.8' }]);
    });

    it('a new rate applies to charges approved from its date on; earlier ones keep theirs', async () => {
      const before = await create(100_000);
      now = bogota('2026-12-31T12:00:00');
      const put = await operator('PUT', '/retefuente/2027-01-01', { porcentaje: 0, fuente: 'Decreto hipotético de prueba' });
      expect(put.status).toBe(200);
      expect(put.body.map((r: { vigenteDesde: string }) => r.vigenteDesde)).toEqual(['2016-10-11', '2027-01-01']);
      now = bogota('2026-12-31T23:59:59'); // the last second before the rate's Bogotá midnight
      await approveCharge(gw, before, { at: now, method: 'tarjeta' });
      const after = await create(100_000);
      now = bogota('2027-01-01T00:00:00'); // its first second
      await approveCharge(gw, after, { at: now, method: 'tarjeta' });
      expect((await liquidacion(before)).body.retenciones.retefuente).toBe(1_261);
      const answer = await liquidacion(after);
      expect(answer.body.retenciones.retefuente).toBe(0);
      expect(answer.body.tarifas.retefuentePorcentaje).toBe(0);
      expect(answer.body.fechaPagoEstimada).toBe('2027-01-04');
    });

    it('refuses a rate from today or a past day: settlements already made are not rewritten', async () => {
      now = bogota('2027-03-10T09:00:00');
      for (const day of ['2027-03-10', '2027-03-01', '2016-10-11']) {
        const answer = await operator('PUT', `/retefuente/${day}`, { porcentaje: 0, fuente: 'Corrección hacia atrás' });
        expect([day, answer.status]).toEqual([day, 400]);
        expect(answer.body.message.fieldErrors.vigenteDesde[0]).toMatch(/after today \(2027-03-10/);
      }
      expect((await operator('PUT', '/retefuente/2027-03-11', { porcentaje: 1.5, fuente: 'DUR 1625 de 2016, art. 1.3.2.1.8' })).status).toBe(200);
    });

    it('refuses a malformed date or rate', async () => {
      for (const [day, problem] of [
        ['2027-02-30', 'vigenteDesde 2027-02-30 is not a day of the calendar'],
        ['2027-13-01', 'vigenteDesde 2027-13-01 is not a day of the calendar'],
        ['0000-01-01', 'vigenteDesde 0000-01-01 is before 1970-01-01, earlier than any payment'],
        ['1-1-2027', 'vigenteDesde must be a date, YYYY-MM-DD'],
      ]) {
        const answer = await operator('PUT', `/retefuente/${day}`, { porcentaje: 1, fuente: 'x'.repeat(5) });
        expect([day, answer.status, answer.body.message.fieldErrors]).toEqual([day, 400, { vigenteDesde: [problem] }]);
      }
      // A bad body and a bad or past date: one 400 names both, not one round trip each.
      for (const [day, problem] of [
        ['2027-02-30', 'vigenteDesde 2027-02-30 is not a day of the calendar'],
        ['2016-10-11', 'vigenteDesde must be after today (2027-03-10, America/Bogota): settlements already made are not rewritten'],
      ]) {
        const both = await operator('PUT', `/retefuente/${day}`, { porcentaje: 120, otro: 1 });
        expect([day, both.status, both.body.message.fieldErrors]).toEqual([
          day,
          400,
          {
            porcentaje: ['porcentaje must be a percentage from 0 to 100 with at most 4 decimals'],
            fuente: ['fuente is required'],
            otro: ['otro is not a known field'],
            vigenteDesde: [problem],
          },
        ]);
      }
      const answer = await operator('PUT', '/retefuente/2027-04-01', { porcentaje: 120 });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.message.fieldErrors).sort()).toEqual(['fuente', 'porcentaje']);
      // 1e-7 as JSON writes it: too many decimals, a field error (it was a 500).
      const tiny = await operator('PUT', '/retefuente/2027-04-01', { porcentaje: 1e-7, fuente: 'Decreto de prueba' });
      expect([tiny.status, tiny.body.message.fieldErrors]).toEqual([
        400,
        { porcentaje: ['porcentaje must be a percentage from 0 to 100 with at most 4 decimals'] },
      ]);
      // The norm is what the spaces around it hold: spaces only, or two letters among them, are not one.
      const table = (await operator('GET', '/retefuente')).body;
      for (const fuente of ['   ', '  ab  ']) {
        const blank = await operator('PUT', '/retefuente/2099-01-01', { porcentaje: 1, fuente });
        expect([fuente, blank.status, blank.body.message.fieldErrors]).toEqual([fuente, 400, { fuente: ['fuente must be 3 to 300 characters long'] }]);
      }
      expect((await operator('GET', '/retefuente')).body).toEqual(table);
      const padded = await operator('PUT', '/retefuente/2099-01-01', { porcentaje: 1, fuente: '  Decreto de prueba  ' });
      expect(padded.body.at(-1)).toEqual({ vigenteDesde: '2099-01-01', porcentaje: 1, fuente: 'Decreto de prueba' });
    });
  });
});

describe('PUT /internal/merchants/{id}/tarifa', () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  const put = (id: string, body: unknown, token?: string) =>
    http('PUT', `${gw.adminUrl}/internal/merchants/${id}/tarifa`, { token: token ?? gw.operatorToken, body });

  beforeAll(async () => {
    gw = await startTestGateway();
    shop = await onboardMerchant(gw);
  });
  afterAll(() => gw.close());

  it('reads the defaults of DESIGN.md 5.12 before any is set', async () => {
    const answer = await http('GET', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/tarifa`, { token: gw.operatorToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      merchantId: shop.merchantId,
      comisionPorcentaje: 2.65,
      comisionFija: 700,
      ivaComisionPorcentaje: 19,
      ivaVentasPorcentaje: 19,
      retefuentePorcentaje: null,
      reteIvaPorcentaje: 15,
      reteIcaPorcentaje: 0,
      vigenteDesde: null,
      actualizadoPor: null,
    });
  });

  it('sets the whole tariff: fields left out take their defaults; it records when and who', async () => {
    const answer = await put(shop.merchantId, { comisionPorcentaje: 1.9, comisionFija: 500, ivaVentasPorcentaje: 0, retefuentePorcentaje: 1.1 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      comisionPorcentaje: 1.9,
      comisionFija: 500,
      ivaComisionPorcentaje: 19,
      ivaVentasPorcentaje: 0,
      retefuentePorcentaje: 1.1,
      reteIcaPorcentaje: 0,
      actualizadoPor: { type: 'operator' },
    });
    expect(Date.parse(answer.body.vigenteDesde)).not.toBeNaN();
    const read = await http('GET', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/tarifa`, { token: gw.operatorToken });
    expect(read.body).toEqual(answer.body);
  });

  it.each([
    [{ comisionPorcentaje: 2.65001 }, 'comisionPorcentaje'],
    // JSON's exponent form: a number too small for four decimals (class-validator's decimal count threw on it: 500).
    [{ reteIcaPorcentaje: 1e-7 }, 'reteIcaPorcentaje'],
    [{ retefuentePorcentaje: 5e-7 }, 'retefuentePorcentaje'],
    [{ comisionPorcentaje: 101 }, 'comisionPorcentaje'],
    [{ reteIcaPorcentaje: -0.1 }, 'reteIcaPorcentaje'],
    [{ ivaVentasPorcentaje: '19' }, 'ivaVentasPorcentaje'],
    [{ comisionFija: 700.5 }, 'comisionFija'],
    [{ comisionFija: 2_000_000 }, 'comisionFija'],
    [{ tarifaSecreta: 1 }, 'tarifaSecreta'],
  ])('refuses %j with a field error', async (body, field) => {
    const answer = await put(shop.merchantId, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message.fieldErrors).toHaveProperty(field);
    // A message several rules share is said once.
    const messages: string[] = answer.body.message.fieldErrors[field];
    expect(messages).toEqual([...new Set(messages)]);
  });

  it('answers 404 for an unknown merchant or a malformed id', async () => {
    expect((await put('7c9e6679-7425-40de-944b-e07fc1f90ae7', {})).status).toBe(404);
    expect((await put('nadie', {})).status).toBe(404);
    // A malformed id names nothing: 404 whatever the body (the path is not folded into the body's 400).
    expect((await put('nadie', { comisionPorcentaje: 'x', otro: 1 })).status).toBe(404);
  });

  it("refuses a merchant's key: the route is the operator's", async () => {
    expect((await put(shop.merchantId, {}, shop.apiKey)).status).toBe(401);
  });
});
