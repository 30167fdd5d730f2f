// Input a page cannot read is the buyer's or the person's mistake, answered with a page that says so (400, or the
// sign-in's "does not match"), never a 500 with a stack trace in the log: a NUL character (which PostgreSQL cannot
// keep), a body that is not a form, a link of a shape the sandbox never made.
import type { LoggerService } from '@nestjs/common';
import { createCharge, postForm, PAYER } from '../checkout/paying.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, startTestGatewayOn, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { PortalClient } from '../portal/portal-client.js';

const errors: string[] = [];
const logger: LoggerService = {
  log: () => undefined,
  warn: () => undefined,
  error: (...args: unknown[]) => void errors.push(args.map(String).join(' ')),
  fatal: (...args: unknown[]) => void errors.push(args.map(String).join(' ')),
};

describe('input the pages cannot read', () => {
  let db: TestDatabase;
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  beforeAll(async () => {
    db = await createTestDatabase();
    gw = await startTestGatewayOn(db.url, {}, undefined, logger);
    merchant = await onboardMerchant(gw);
  });
  afterAll(async () => {
    await gw.close();
    await db.drop();
  });
  beforeEach(() => errors.splice(0));

  it('the hosted page answers a 400 page leading back to it for a NUL in a field or in ?metodo, or a body that is not a form', async () => {
    const charge = await createCharge(gw, merchant);
    const page = `/checkout/${charge.token}`;
    const answers = [
      await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '1007', nombre: 'Ana\u0000María' }),
      await postForm(`${charge.checkoutUrl}/tarjeta`, { tokenTarjeta: 'tok_\u0000', cuotas: '1' }),
      await http('POST', `${charge.checkoutUrl}/pse`, { headers: { 'content-type': 'text/plain' }, rawBody: 'banco=1007' }),
      await http('POST', `${charge.checkoutUrl}/tarjeta`, { headers: { 'content-type': 'application/json' }, rawBody: '"tok_x"' }),
      await http('GET', `${charge.checkoutUrl}?metodo=%00`),
    ];
    for (const answer of answers) {
      expect([answer.status, answer.headers.get('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
      expect(answer.text).toContain('No pudimos leer los datos enviados');
      expect(answer.text).toContain(`href="${page}"`);
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    expect(errors).toEqual([]);
    // Nothing was started: the page still offers every method.
    expect((await http('GET', charge.checkoutUrl)).text).toContain('?metodo=pse');
  });

  it('portal sign-in with a NUL in the email is a wrong email or password (401 page), like any other', async () => {
    const client = new PortalClient(gw.publicUrl);
    const answer = await client.submit('/portal/ingresar', '/portal/ingresar', { email: 'ana\u0000@tienda.co', password: 'cualquier clave larga' });
    expect(answer.status).toBe(401);
    expect(answer.text).toContain('El correo o la contraseña no coinciden');
    expect(errors).toEqual([]);
  });

  it("the sandbox's bank and card pages answer 404 for an address with a NUL, as for an unknown one", async () => {
    for (const path of ['/pse/int_%00', '/tarjeta/frm_%00']) {
      const unknown = await http('GET', `${gw.sandboxUrl}${path.replace('%00', 'desconocido')}`);
      const nul = await http('GET', `${gw.sandboxUrl}${path}`);
      expect([path, nul.status, nul.text]).toEqual([path, 404, unknown.text]);
    }
    const posted = await http('POST', `${gw.sandboxUrl}/pse/int_%00`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: 'decision=aprobar' });
    expect(posted.status).toBe(404);
    expect(errors).toEqual([]);
  });
});
