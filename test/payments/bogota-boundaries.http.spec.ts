// Midnight in Bogotá as a Colombian merchant and their accountant meet it, through the doors they use: the list
// (GET /v1/pagos), the stats (GET /v1/pagos/stats), the settlement (GET /v1/pagos/{id}/liquidacion) of payments the
// sandbox approves through its signed notice, and the cash voucher's deadline on the hosted page. The gateway's clock
// is set to each instant; 23:59:59 in Bogotá is 04:59:59Z of the next day.
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { pasarelaOps } from '../support/cli.js';
import { createCharge, estadoOf, eventually, operator, postForm } from '../checkout/paying.js';

const bogota = (local: string): Date => new Date(`${local}-05:00`);

describe('dates at midnight in Bogotá', () => {
  let gw: TestGateway;
  let now = bogota('2026-11-23T09:00:00');
  const clock = { now: () => now };
  let shop: OnboardedMerchant;

  /** A charge created when the clock says `local` (Bogotá time). */
  const createAt = async (local: string, who: OnboardedMerchant = shop): Promise<string> => {
    now = bogota(local);
    return (await createCharge(gw, who, { referencia: `PED-${local}` })).id;
  };
  const list = (query: string) => http('GET', `${gw.publicUrl}/v1/pagos?limit=100&${query}`, { token: shop.apiKey });
  const listed = async (query: string): Promise<string[]> => {
    const answer = await list(query);
    expect(answer.status).toBe(200);
    return answer.body.data.map((c: { creadoEn: string }) => c.creadoEn);
  };
  const stats = async (query: string) => {
    const answer = await http('GET', `${gw.publicUrl}/v1/pagos/stats?${query}`, { token: shop.apiKey });
    expect(answer.status).toBe(200);
    return answer.body.periodos.map((p: { periodo: string; desde: string; hasta: string; cantidad: number }) => [p.periodo, p.desde, p.hasta, p.cantidad]);
  };

  beforeAll(async () => {
    gw = await startTestGateway({}, clock);
    shop = await onboardMerchant(gw);
    for (const local of ['2026-11-23T23:59:59', '2026-11-24T00:00:00', '2026-11-29T23:59:59', '2026-11-30T00:00:00', '2026-12-31T23:59:59', '2027-01-01T00:00:00']) {
      await createAt(local);
    }
    await waitUntil(() => list(''), (answer) => answer.body.data.length === 6);
  });
  afterAll(() => gw.close());

  describe('GET /v1/pagos', () => {
    it('answers creation times in UTC: 23:59:59 in Bogotá is 04:59:59Z of the next day', async () => {
      expect(await listed('')).toEqual([
        '2027-01-01T05:00:00.000Z',
        '2027-01-01T04:59:59.000Z',
        '2026-11-30T05:00:00.000Z',
        '2026-11-30T04:59:59.000Z',
        '2026-11-24T05:00:00.000Z',
        '2026-11-24T04:59:59.000Z',
      ]);
    });

    it('puts a charge of 23:59:59 in its Bogotá day, and one of 00:00:00 in the next (hasta included)', async () => {
      expect(await listed('desde=2026-11-23&hasta=2026-11-23')).toEqual(['2026-11-24T04:59:59.000Z']);
      expect(await listed('desde=2026-11-24&hasta=2026-11-24')).toEqual(['2026-11-24T05:00:00.000Z']);
      expect(await listed('desde=2026-12-31&hasta=2026-12-31')).toEqual(['2027-01-01T04:59:59.000Z']);
      expect(await listed('desde=2027-01-01&hasta=2027-01-01')).toEqual(['2027-01-01T05:00:00.000Z']);
    });

    it('reads a date-time with its offset: 23:59 in Bogotá written -05:00 or Z is the same instant (hasta excluded)', async () => {
      expect(await listed('desde=2026-11-23T23:59:00-05:00&hasta=2026-11-24T00:00:00-05:00')).toEqual(['2026-11-24T04:59:59.000Z']);
      expect(await listed('desde=2026-11-24T04:59:00Z&hasta=2026-11-24T05:00:00Z')).toEqual(['2026-11-24T04:59:59.000Z']);
      expect(await listed('desde=2026-11-24T04:59:00%2B00:00&hasta=2026-11-24T05:00:00.001Z')).toEqual(['2026-11-24T05:00:00.000Z', '2026-11-24T04:59:59.000Z']);
      // -05 is ISO 8601's offset in hours; it was refused as "not an ISO 8601 date-time".
      expect(await listed('desde=2026-11-23T23:59:00-05&hasta=2026-11-24T00:00:00-05')).toEqual(['2026-11-24T04:59:59.000Z']);
    });

    it('reads a date-time without offset as Bogotá time, wherever the server runs', async () => {
      // The server read it in its own zone: on a UTC host 23:59 was 18:59 in Bogotá, and this found nothing.
      expect(await listed('desde=2026-11-23T23:59:00&hasta=2026-11-23T23:59:59.999')).toEqual(['2026-11-24T04:59:59.000Z']);
      expect(await listed('desde=2026-11-23 23:59:59&hasta=2026-11-24T00:00')).toEqual(['2026-11-24T04:59:59.000Z']);
    });

    it.each(['2026-02-30', '2026-13-01', '2026-11-31', '2026-11-23T24:01', '2026-11-23T23:59:60', '2026-W48', '23/11/2026'])(
      'desde=%s names no instant: 400 on the field',
      async (value) => {
        const answer = await list(`desde=${encodeURIComponent(value)}`);
        expect(answer.status).toBe(400);
        expect(answer.body.message.fieldErrors).toHaveProperty('desde');
      },
    );

    it('takes the far past and the far future as bounds', async () => {
      expect(await listed('desde=1970-01-01&hasta=9999-12-31')).toHaveLength(6);
      expect(await listed('hasta=9999-12-31T23:59:59.999')).toHaveLength(6);
      expect(await listed('desde=9999-12-31')).toEqual([]);
    });
  });

  describe('GET /v1/pagos/stats', () => {
    it('per day: 23:59:59 in its Bogotá day, 00:00:00 in the next', async () => {
      expect(await stats('desde=2026-11-23&hasta=2026-11-24&periodo=dia')).toEqual([
        ['2026-11-23', '2026-11-23', '2026-11-23', 1],
        ['2026-11-24', '2026-11-24', '2026-11-24', 1],
      ]);
    });

    it('per week from Monday: Sunday 29 November 23:59:59 ends a week, Monday 30 00:00:00 starts the next', async () => {
      expect(await stats('desde=2026-11-23&hasta=2026-12-06&periodo=semana')).toEqual([
        ['2026-11-23', '2026-11-23', '2026-11-29', 3],
        ['2026-11-30', '2026-11-30', '2026-12-06', 1],
      ]);
    });

    it('a week across the year end is one week; the months split it', async () => {
      expect(await stats('desde=2026-12-28&hasta=2027-01-03&periodo=semana')).toEqual([['2026-12-28', '2026-12-28', '2027-01-03', 2]]);
      expect(await stats('desde=2026-12-01&hasta=2027-01-31&periodo=mes')).toEqual([
        ['2026-12-01', '2026-12-01', '2026-12-31', 1],
        ['2027-01-01', '2027-01-01', '2027-01-31', 1],
      ]);
      // A range from a Wednesday: the week keeps its Monday as periodo, clipped to the range.
      expect(await stats('desde=2026-12-30&hasta=2027-01-01&periodo=semana')).toEqual([['2026-12-28', '2026-12-30', '2027-01-01', 2]]);
    });

    it('per month over a leap February (2028)', async () => {
      expect(await stats('desde=2028-02-01&hasta=2028-03-01&periodo=mes')).toEqual([
        ['2028-02-01', '2028-02-01', '2028-02-29', 0],
        ['2028-03-01', '2028-03-01', '2028-03-01', 0],
      ]);
    });
  });

  describe('GET /v1/pagos/{id}/liquidacion of a payment the sandbox approves', () => {
    /** Approved through the sandbox's signed notice while the clock says `local` (Bogotá time). */
    const approvedAt = async (local: string): Promise<{ aprobadoEn: string; fechaPagoEstimada: string }> => {
      const id = await createAt(local);
      expect((await operator(gw, 'POST', `/internal/sandbox/pagos/${id}/resultado`, { resultado: 'aprobado' })).status).toBe(202);
      expect(await eventually(() => estadoOf(gw, shop, id), (estado) => estado === 'aprobado')).toBe('aprobado');
      const answer = await http('GET', `${gw.publicUrl}/v1/pagos/${id}/liquidacion`, { token: shop.apiKey });
      expect(answer.status).toBe(200);
      return answer.body;
    };

    it.each([
      ['2026-11-12T23:59:59', '2026-11-13', 'Thursday night: Friday'],
      ['2026-11-13T00:00:01', '2026-11-17', 'Friday: Monday 16 is a holiday (Independencia de Cartagena, moved)'],
      ['2026-11-20T23:59:59', '2026-11-23', 'Friday evening: Monday'],
      ['2026-03-31T23:59:59', '2026-04-01', 'Tuesday of Holy Week: Wednesday'],
      ['2026-04-01T00:00:01', '2026-04-06', 'Holy Wednesday: Thursday and Friday are holidays'],
      ['2026-12-30T23:59:59', '2026-12-31', '30 December: the 31st is a business day'],
      ['2026-12-31T23:59:59', '2027-01-04', 'New Year\'s Eve, last second: 1 January is a holiday, then a weekend'],
      ['2027-01-01T00:00:01', '2027-01-04', 'New Year\'s Day, first second'],
    ])('approved at %s in Bogotá is paid on %s (%s)', async (local, payout) => {
      const settlement = await approvedAt(local);
      expect(settlement.aprobadoEn).toBe(bogota(local).toISOString());
      expect(settlement.fechaPagoEstimada).toBe(payout);
    });

    it("the provider's report of a value date (pasarela-ops charges provider-report) holds that Bogotá day's approvals", async () => {
      const report = async (fecha: string): Promise<string> => {
        const run = await pasarelaOps(gw, ['charges', 'provider-report', fecha]);
        expect([run.code, run.stderr]).toEqual([0, '']);
        return run.stdout;
      };
      const days = (csv: string): string[] => csv.trimEnd().split('\n').slice(1).map((line) => line.split(',')[2]!);
      // Thursday 12 November 23:59:59 on the 12th, Friday 13 00:00:01 on the 13th; the year end likewise.
      expect(days(await report('2026-11-12'))).toEqual(['2026-11-12']);
      expect(days(await report('2026-11-13'))).toEqual(['2026-11-13']);
      expect(days(await report('2026-12-31'))).toEqual(['2026-12-31']);
      expect(days(await report('2027-01-01'))).toEqual(['2027-01-01']);
    });
  });

  describe('the cash voucher on the hosted page', () => {
    it('shows its deadline in Colombian time, on the Bogotá date: 72 h after 22:00 is 22:00, not 03:00 of the day after', async () => {
      now = bogota('2026-11-23T22:00:00');
      const charge = await createCharge(gw, shop);
      expect((await postForm(`${charge.checkoutUrl}/efectivo`, {})).status).toBe(303);
      const page = await http('GET', charge.checkoutUrl);
      // ICU versions differ in the spaces they put around "p. m.": read them as plain spaces.
      expect(page.text.replace(/[\u00a0\u202f]/g, ' ')).toContain('Paga antes de</dt><dd>26 de noviembre de 2026 a las 10:00 p. m. (hora de Colombia)');
    });

    it('names the zone of the deadline once the voucher has expired too', async () => {
      now = bogota('2026-11-23T22:00:00');
      const charge = await createCharge(gw, shop);
      expect((await postForm(`${charge.checkoutUrl}/efectivo`, {})).status).toBe(303);
      now = bogota('2026-11-26T22:00:01');
      const page = await http('GET', charge.checkoutUrl);
      expect(page.text).toContain('El código de pago venció');
      expect(page.text.replace(/[\u00a0\u202f]/g, ' ')).toContain('se podía pagar hasta el 26 de noviembre de 2026 a las 10:00 p. m. (hora de Colombia) y no');
    });
  });

  describe('the final page on the hosted page', () => {
    it("names the zone of the charge's date", async () => {
      now = bogota('2026-11-23T23:59:59');
      const charge = await createCharge(gw, shop);
      expect((await operator(gw, 'POST', `/internal/sandbox/pagos/${charge.id}/resultado`, { resultado: 'aprobado' })).status).toBe(202);
      expect(await eventually(() => estadoOf(gw, shop, charge.id), (estado) => estado === 'aprobado')).toBe('aprobado');
      const page = await http('GET', charge.checkoutUrl);
      expect(page.text).toContain('¡Pago aprobado!');
      expect(page.text.replace(/[\u00a0\u202f]/g, ' ')).toMatch(/<dt>Fecha<\/dt><dd>2[34] de noviembre de 2026 a las \d+:\d\d [ap]\. m\. \(hora de Colombia\)<\/dd>/);
    });
  });
});
