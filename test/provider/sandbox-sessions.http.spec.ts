// The sandbox provider's session API (POST /api/sesiones), as the gateway's provider adapter meets it: the service's
// secret only, a checked body, one session per charge.
import { randomUUID } from 'node:crypto';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';

describe('sandbox provider: opening a payment session', () => {
  let gw: TestGateway;
  let secret: string;

  beforeAll(async () => {
    gw = await startTestGateway();
    secret = gw.infra.config.providerSecret;
  });
  afterAll(() => gw.close());

  const session = (overrides: Record<string, unknown> = {}) => ({
    chargeId: randomUUID(),
    merchantId: randomUUID(),
    monto: 150000,
    moneda: 'COP',
    referencia: 'PED-1001',
    descripcion: 'Camiseta talla M',
    ...overrides,
  });
  const open = (body: unknown, token = secret) => http('POST', `${gw.sandboxUrl}/api/sesiones`, { token, body });

  it('opens a session and records it; the same charge again answers the same session', async () => {
    const body = session({ descripcion: null });
    const first = await open(body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ sessionId: expect.stringMatching(/^ses_[\w-]{16}$/) });
    const again = await open({ ...body, chargeId: body.chargeId.toUpperCase() });
    expect(again.body).toEqual(first.body);
    const rows = await gw.infra.dataSource.query('SELECT id, monto::int AS monto, referencia, descripcion FROM sandbox_sessions WHERE charge_id = $1', [body.chargeId]);
    expect(rows).toEqual([{ id: first.body.sessionId, monto: 150000, referencia: 'PED-1001', descripcion: null }]);
  });

  it('refuses any other credentials with 401 and records nothing', async () => {
    const body = session();
    // '' sends no Authorization header at all.
    for (const token of ['', `${secret}x`, secret.slice(1)]) {
      const answer = await open(body, token);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ statusCode: 401, code: 'invalid_provider_credentials' });
    }
    expect(await gw.infra.dataSource.query('SELECT 1 FROM sandbox_sessions WHERE charge_id = $1', [body.chargeId])).toEqual([]);
  });

  it('answers a malformed body with 400 in the validation shape', async () => {
    for (const body of [session({ chargeId: 'not-a-uuid' }), session({ monto: 0 }), session({ moneda: 'EUR' }), session({ referencia: 'x'.repeat(121) }), { monto: 1 }]) {
      const answer = await open(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ statusCode: 400, message: { formErrors: [expect.any(String)], fieldErrors: {} } });
    }
  });
});
