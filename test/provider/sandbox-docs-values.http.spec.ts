// The sandbox's magic values as docs/sandbox.md prints them: every test card copied from its table, spaces and all,
// typed into the provider's card form and paid on the hosted page, gives the outcome and reason the table says; so
// do the PSE test banks. The table is read from the file, so a card changed in the code and not in the docs fails here.
import { readFileSync } from 'node:fs';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, estadoOf, eventually, PAYER, postForm, type Created } from '../checkout/paying.js';

const DOC = readFileSync(new URL('../../docs/sandbox.md', import.meta.url), 'utf8');

/** The rows of the markdown table under `heading`, as cells with their backticks removed. */
function table(heading: string): string[][] {
  const section = DOC.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim().replace(/`/g, '')));
}

const attr = (html: string, pattern: RegExp): string => {
  const found = pattern.exec(html)?.[1];
  if (!found) throw new Error(`not found: ${pattern} in ${html.slice(0, 300)}`);
  return found.replace(/&amp;/g, '&');
};

describe('docs/sandbox.md values, as printed', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  beforeAll(async () => {
    gw = await startTestGateway();
    merchant = await onboardMerchant(gw);
  });
  afterAll(() => gw.close());

  /** The charge once the provider's notice has moved it (it is sent before the provider answers; a retry may follow). */
  const settled = (created: Created) => eventually(() => outcome(created), (now) => now.estado !== 'pendiente');
  async function outcome(created: Created): Promise<{ estado: string; reason: string | null }> {
    const [failed] = await gw.infra.dataSource.query("SELECT data FROM events WHERE stream_id = $1 AND type = 'PaymentFailed'", [`charge-${created.id}`]);
    return { estado: await estadoOf(gw, merchant, created.id), reason: failed?.data.reason ?? null };
  }

  const cards = table('Test cards');

  it('lists at least an approved, a declined and an erroring card', () => {
    expect(new Set(cards.map((row) => row[2]?.split(' ')[0]))).toEqual(new Set(['approved', 'declined', 'processor']));
  });

  it.each(cards.map((row) => [row[0] ?? '', row[1] ?? '', row[2] ?? '', row[3] ?? ''] as const))(
    '%s (%s): %s %s',
    async (number, brand, result, reason) => {
      const created = await createCharge(gw, merchant);
      const panel = await http('GET', `${created.checkoutUrl}?metodo=tarjeta`);
      const frameUrl = attr(panel.text, /<iframe[^>]* src="([^"]+)"/);
      const cvc = brand.startsWith('American Express') ? '1234' : '123';
      const confirm = await postForm(frameUrl, { numero: number, nombre: 'ANA M PEREZ', vence: '12/30', cvc });
      expect(confirm.status).toBe(200);
      const credit = brand.endsWith('crédito');
      expect(confirm.text.includes('name="cuotas"')).toBe(credit);
      const action = attr(confirm.text, /<form method="post" action="([^"]+)"/);
      const tokenTarjeta = attr(confirm.text, /name="tokenTarjeta" value="([^"]+)"/);
      expect((await postForm(action, { tokenTarjeta, ...(credit ? { cuotas: '1' } : {}) })).status).toBe(303);
      const expected = result === 'approved' ? { estado: 'aprobado', reason: null } : { estado: 'fallido', reason: reason || null };
      expect(await settled(created)).toEqual(expected);
    },
  );

  it.each(table('PSE banks').filter((row) => /^\d{4}$/.test(row[0] ?? '')).map((row) => [row[0] ?? '', row[1] ?? '', row[3] ?? ''] as const))(
    'PSE test bank %s (%s): %s',
    async (code, name, result) => {
      const created = await createCharge(gw, merchant);
      const form = await http('GET', `${created.checkoutUrl}?metodo=pse`);
      expect(form.text).toContain(`<option value="${code}">${name}</option>`);
      const started = await postForm(`${created.checkoutUrl}/pse`, { ...PAYER, banco: code });
      const bank = started.headers.get('location') ?? '';
      expect(bank).toMatch(new RegExp(`^${gw.infra.config.sandboxPublicUrl}/pse/`));
      expect((await http('GET', bank)).text).toContain(name);
      expect((await postForm(bank, { decision: 'aprobar' })).status).toBe(303);
      const reason = /\(([a-z_]+)\)/.exec(result)?.[1] ?? null;
      if (result.startsWith('approved')) expect(await settled(created)).toEqual({ estado: 'aprobado', reason: null });
      else if (result.startsWith('rejected')) expect(await settled(created)).toEqual({ estado: 'fallido', reason });
      else {
        expect(result).toMatch(/^pending/);
        expect(await outcome(created)).toEqual({ estado: 'pendiente', reason: null });
      }
    },
  );
});
