// The API key and merchant cache (docs/decisions.md "The API key and merchant cache") through real gateways on one
// database: a change made by this process is seen at once, one made by another process or by raw SQL once its
// NOTIFY arrives, and nothing is served from memory while the LISTEN connection is down.
import { MERCHANT_CHANGES_LISTENER } from '../../src/merchants/adapters/cache/merchant-changes.listener.js';
import { http, startTestGateway, startTestGatewayOn, waitUntil, type TestGateway } from '../support/gateway.js';
import { DEFAULT_RETURN_URL, issueKey, onboardMerchant } from '../support/merchants.js';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway();
});

afterAll(async () => {
  await gw?.close();
});

const me = (on: TestGateway, token: string) => http('GET', `${on.publicUrl}/v1/merchants/me`, { token });
const status = async (on: TestGateway, token: string) => (await me(on, token)).status;
const operator = (method: string, path: string, body?: unknown) => http(method, `${gw.adminUrl}${path}`, { token: gw.operatorToken, body });
const charge = (merchant: { merchantId: string; apiKey: string }, extra: Record<string, unknown> = {}) =>
  http('POST', `${gw.publicUrl}/v1/pagos`, {
    token: merchant.apiKey,
    headers: { 'idempotency-key': `cache-${Math.random()}` },
    body: { merchantId: merchant.merchantId, monto: 50000, moneda: 'COP', referencia: 'CACHE-1', ...extra },
  });

/** Counts the statements this gateway sends that match `pattern`, while `work` runs. */
async function statementsDuring(pattern: RegExp, work: () => Promise<unknown>): Promise<number> {
  const { dataSource } = gw.infra;
  const original = dataSource.query.bind(dataSource);
  let seen = 0;
  dataSource.query = (async (sql: string, parameters?: unknown[]) => {
    if (pattern.test(sql)) seen++;
    return original(sql, parameters);
  }) as typeof dataSource.query;
  try {
    await work();
  } finally {
    dataSource.query = original;
  }
  return seen;
}

describe('in the process that makes the change', () => {
  // The NOTIFY of the change usually arrives before the next request; held back here, so these show this process
  // forgetting its own change at once rather than the notice winning the race. Applied afterwards, in order.
  let held: string[] = [];
  let apply: ((notice: string) => void) | undefined;
  beforeEach(() => {
    const cache = gw.infra.merchantCache;
    apply = cache.apply.bind(cache);
    cache.apply = (notice) => void held.push(notice);
  });
  afterEach(() => {
    gw.infra.merchantCache.apply = apply!;
    for (const notice of held) apply!(notice);
    held = [];
  });

  it('answers a known key and its merchant from memory', async () => {
    const merchant = await onboardMerchant(gw);
    expect((await charge(merchant)).status).toBe(201);
    const reads = await statementsDuring(/FROM api_keys|FROM merchants m/, async () => {
      expect((await charge(merchant)).status).toBe(201);
      expect(await status(gw, merchant.apiKey)).toBe(200);
    });
    expect(reads).toBe(0);
  });

  it('refuses a key revoked through the operator API on the very next request', async () => {
    const { apiKey, keyId } = await onboardMerchant(gw);
    expect(await status(gw, apiKey)).toBe(200);
    expect((await operator('DELETE', `/internal/api-keys/${keyId}`)).status).toBe(204);
    expect(await status(gw, apiKey)).toBe(401);
  });

  it('refuses a rotated key on the very next request when its grace is zero', async () => {
    const { apiKey, keyId } = await onboardMerchant(gw);
    expect(await status(gw, apiKey)).toBe(200);
    const rotated = await operator('POST', `/internal/api-keys/${keyId}/rotacion`, { graciaSegundos: 0 });
    expect(rotated.status).toBe(201);
    expect(await status(gw, apiKey)).toBe(401);
    expect(await status(gw, rotated.body.key)).toBe(200);
  });

  it('lets a merchant charge right after its approval', async () => {
    const merchant = await onboardMerchant(gw, { approve: false });
    expect((await charge(merchant)).body.code).toBe('merchant_not_approved');
    expect((await operator('POST', `/internal/merchants/${merchant.merchantId}/aprobacion`)).status).toBe(200);
    expect((await charge(merchant)).status).toBe(201);
  });

  it('checks urlRetorno against the web registration just saved', async () => {
    const merchant = await onboardMerchant(gw);
    const otherSite = { urlRetorno: 'https://otra-tienda.example.co/gracias' };
    expect((await charge(merchant, otherSite)).status).toBe(400);
    const registered = await http('PUT', `${gw.publicUrl}/v1/merchants/me/registro-web`, {
      token: merchant.apiKey,
      body: { sitioWeb: 'https://otra-tienda.example.co', urlRetorno: 'https://otra-tienda.example.co/gracias' },
    });
    expect(registered.status).toBe(200);
    expect((await charge(merchant, otherSite)).status).toBe(201);
    expect((await charge(merchant, { urlRetorno: DEFAULT_RETURN_URL })).status).toBe(400);
  });
});

describe('changes made elsewhere', () => {
  let other: TestGateway;

  beforeAll(async () => {
    other = await startTestGatewayOn(gw.databaseUrl);
  });

  afterAll(async () => {
    await other?.close();
  });

  it('refuses, in another gateway process, a key revoked through this one once the notice arrives', async () => {
    const { apiKey, keyId } = await onboardMerchant(gw);
    expect(await status(other, apiKey)).toBe(200);
    expect((await operator('DELETE', `/internal/api-keys/${keyId}`)).status).toBe(204);
    await waitUntil(() => status(other, apiKey), (answer) => answer === 401);
  });

  it('honours a key revoked by raw SQL once the notice arrives', async () => {
    const { apiKey, keyId } = await onboardMerchant(gw);
    expect(await status(gw, apiKey)).toBe(200);
    await gw.infra.dataSource.query('UPDATE api_keys SET revocada_en = now() WHERE id = $1', [keyId]);
    await waitUntil(() => status(gw, apiKey), (answer) => answer === 401);
  });

  it('honours a merchant unapproved by raw SQL once the notice arrives', async () => {
    const merchant = await onboardMerchant(gw);
    expect((await charge(merchant)).status).toBe(201);
    await gw.infra.dataSource.query('UPDATE merchants SET aprobado = false WHERE id = $1', [merchant.merchantId]);
    await waitUntil(() => charge(merchant), (answer) => answer.body.code === 'merchant_not_approved');
  });
});

describe('while the LISTEN connection is down', () => {
  it('reads every key from the database, so a revocation nobody announced is still honoured', async () => {
    const merchant = await onboardMerchant(gw);
    const revoked = await issueKey(gw, merchant.merchantId);
    expect(await status(gw, merchant.apiKey)).toBe(200);
    expect(await status(gw, revoked.key)).toBe(200);

    const cache = gw.infra.merchantCache;
    const suspend = cache.suspend.bind(cache);
    let suspended = false;
    cache.suspend = () => ((suspended = true), suspend());
    try {
      await gw.infra.dataSource.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [MERCHANT_CHANGES_LISTENER],
      );
      await waitUntil(async () => suspended, (done) => done);
    } finally {
      cache.suspend = suspend;
    }
    await gw.infra.dataSource.query('UPDATE api_keys SET revocada_en = now() WHERE id = $1', [revoked.id]);
    expect(await status(gw, revoked.key)).toBe(401);
    expect(await status(gw, merchant.apiKey)).toBe(200);

    await waitUntil(async () => cache.serving, (serving) => serving);
    expect(await status(gw, revoked.key)).toBe(401);
    expect(await status(gw, merchant.apiKey)).toBe(200);
  });
});
