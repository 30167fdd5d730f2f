// The sandbox's test cards: Luhn first, then the magic number decides; credit cards take 1 to 36 cuotas.
import { checkCard, checkInstallments, declineReason, passesLuhn, TEST_CARDS } from '../../src/provider/adapters/sandbox/cards.js';

const now = new Date('2026-11-20T15:00:00Z');
const card = (numero: string, extra: Partial<{ nombre: string; vence: string; cvc: string }> = {}) =>
  checkCard({ numero, nombre: 'ANA PEREZ', vence: '12/30', cvc: numero.startsWith('37') ? '1234' : '123', ...extra }, now);

describe('sandbox test cards', () => {
  it.each(TEST_CARDS.map((c) => [c.number, c.behaviour]))('%s passes Luhn and is a test card (%s)', (number) => {
    expect(passesLuhn(number)).toBe(true);
    expect(card(number)).toMatchObject({ ok: true });
  });

  it('covers approve, decline and a processor error, for credit and debit', () => {
    const behaviours = new Set(TEST_CARDS.map((c) => c.behaviour));
    expect([...behaviours].sort()).toEqual(['aprobar', 'error', 'fondos_insuficientes', 'rechazar']);
    expect(new Set(TEST_CARDS.map((c) => c.type))).toEqual(new Set(['credito', 'debito']));
    expect(declineReason('aprobar')).toBeNull();
    expect(declineReason('error')).toBe('error_procesador');
  });

  it('accepts the groups buyers type, with spaces or dashes', () => {
    expect(card('4242 4242 4242 4242')).toMatchObject({ ok: true, card: { behaviour: 'aprobar', type: 'credito' } });
    expect(card('4000-0000-0000-0002')).toMatchObject({ ok: true, card: { behaviour: 'rechazar' } });
  });

  it('reads the expiry as buyers type it: MM/AA, no slash (a phone keypad has none), another separator, the year in full', () => {
    for (const vence of ['12/30', '12 / 30', '1230', '12-30', '12 30', '12/2030', '1/30']) expect([vence, card('4242424242424242', { vence })]).toMatchObject([vence, { ok: true }]);
    for (const vence of ['123', '12/3', '12/203', '12/1930', '12//30', 'dic/30', '12/30/1']) {
      expect([vence, card('4242424242424242', { vence })]).toMatchObject([vence, { ok: false, errors: { vence: 'Escribe la fecha de vencimiento como MM/AA.' } }]);
    }
    expect(card('4242424242424242', { vence: '1326' })).toMatchObject({ ok: false, errors: { vence: expect.stringMatching(/entre 01 y 12/) } });
    expect(card('4242424242424242', { vence: '1025' })).toMatchObject({ ok: false, errors: { vence: 'La tarjeta está vencida.' } });
  });

  it('refuses a number that fails Luhn, and a valid number that is not a test card, on numero', () => {
    expect(card('4242424242424241')).toMatchObject({ ok: false, errors: { numero: expect.stringMatching(/no es válido/) } });
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(card('4111111111111111')).toMatchObject({ ok: false, errors: { numero: expect.stringMatching(/tarjetas de prueba/) } });
  });

  it('refuses an expired card, a bad month, a short code and a missing name', () => {
    expect(card('4242424242424242', { vence: '10/26' })).toMatchObject({ ok: false, errors: { vence: 'La tarjeta está vencida.' } });
    expect(card('4242424242424242', { vence: '11/26' })).toMatchObject({ ok: true });
    expect(card('4242424242424242', { vence: '13/30' })).toMatchObject({ ok: false, errors: { vence: expect.any(String) } });
    expect(card('4242424242424242', { cvc: '12' })).toMatchObject({ ok: false, errors: { cvc: expect.any(String) } });
    expect(card('378282246310005', { cvc: '123' })).toMatchObject({ ok: false, errors: { cvc: expect.stringMatching(/4 dígitos/) } });
    expect(card('4242424242424242', { nombre: ' ' })).toMatchObject({ ok: false, errors: { nombre: expect.any(String) } });
  });

  it('asks a credit card for 1 to 36 cuotas and a debit card for none', () => {
    expect(checkInstallments('credito', null)).toMatch(/cuotas/);
    expect(checkInstallments('credito', 0)).toMatch(/1 a 36/);
    expect(checkInstallments('credito', 37)).toMatch(/1 a 36/);
    expect(checkInstallments('credito', 1)).toBeNull();
    expect(checkInstallments('credito', 36)).toBeNull();
    expect(checkInstallments('debito', null)).toBeNull();
    expect(checkInstallments('debito', 3)).toMatch(/débito/);
  });
});
