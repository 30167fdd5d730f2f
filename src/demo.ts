// The embedded default's demo merchant: made once through the same doors an operator and a merchant use (the
// operator API, then the merchant API), its key kept in DATA_DIR (mode 600) so every start can print it again.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Gateway } from './gateway.js';

export interface DemoMerchant {
  merchantId: string;
  apiKey: string;
  /** The key's id (for `pasarela-ops keys rotate`); absent from files written before it was kept. */
  keyId?: string;
}

/** The demo merchant as it is now: its key may have been rotated or revoked, its site changed. */
export interface DemoState extends DemoMerchant {
  keyWorks: boolean;
  sitioWeb: string | null;
  /** How many people have access to its portal (invited or active); null when the operator API could not say. */
  people: number | null;
}

async function call<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`demo seed: ${method} ${url} answered ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * What demo-merchant.json holds while the first start seeds: `{"seeding": true}` before the merchant is created, then
 * `{"merchantId": ...}` once it is; the full DemoMerchant once its key works and its site is registered.
 */
interface Kept {
  seeding?: boolean;
  merchantId?: string;
  apiKey?: string;
  keyId?: string;
}

/** Written whole or not at all (a file beside it, then renamed over it): a cut never leaves it half-written. */
function keep(file: string, value: object): void {
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  renameSync(next, file);
}

/** Seeds the demo merchant on the first start; on every start, reads back what its key and site are now. */
export async function seedDemoMerchant(gateway: Gateway, dataDir: string): Promise<DemoState> {
  const file = path.join(dataDir, 'demo-merchant.json');
  // Found empty: written by a version that wrote it once, whole, cut while writing it (killed, a full disk).
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  const state: Kept | null = existsSync(file) ? (kept ? (JSON.parse(kept) as Kept) : { seeding: true }) : null;
  const demo = state?.apiKey && state.merchantId ? (state as DemoMerchant) : await createDemoMerchant(gateway, file, state);
  const people = await countPeople(gateway, demo.merchantId);
  const registration = await fetch(`${gateway.publicUrl}/v1/merchants/me/registro-web`, { headers: { authorization: `Bearer ${demo.apiKey}` } });
  if (!registration.ok) return { ...demo, keyWorks: false, sitioWeb: null, people };
  const { sitioWeb } = (await registration.json()) as { sitioWeb: string | null };
  return { ...demo, keyWorks: true, sitioWeb, people };
}

/** The operator's view (GET /internal/merchants/{id}/personas), whatever became of the demo key; null if it fails. */
async function countPeople(gateway: Gateway, merchantId: string): Promise<number | null> {
  try {
    const people = await call<unknown[]>('GET', `${gateway.adminUrl}/internal/merchants/${merchantId}/personas`, gateway.infra.config.operatorToken ?? '');
    return people.length;
  } catch {
    return null;
  }
}

/**
 * Makes the demo merchant, or finishes one a first start was cut in the middle of making (killed, a full disk): each
 * step is safe to take again, so a cut anywhere leaves one demo merchant, finished by the next start
 * (docs/decisions.md, "The demo merchant is seeded resumably").
 */
async function createDemoMerchant(gateway: Gateway, file: string, kept: Kept | null): Promise<DemoMerchant> {
  const token = gateway.infra.config.operatorToken ?? '';
  const admin = `${gateway.adminUrl}/internal`;
  let merchantId = kept?.merchantId ?? (kept ? await findDemoMerchant(gateway) : undefined);
  if (!merchantId) {
    keep(file, { seeding: true });
    merchantId = (await call<{ id: string }>('POST', `${admin}/merchants`, token, { nombre: DEMO_NAME })).id;
  }
  keep(file, { merchantId });
  await call('POST', `${admin}/merchants/${merchantId}/aprobacion`, token);
  // A key a cut start issued was never written down nor printed: no one holds it, so it goes.
  for (const id of await activeKeys(gateway, merchantId)) await call('DELETE', `${gateway.adminUrl}/internal/api-keys/${id}`, token);
  const key = await call<{ id: string; key: string }>('POST', `${admin}/merchants/${merchantId}/api-keys`, token, { rol: 'administrador' });
  await call('PUT', `${gateway.publicUrl}/v1/merchants/me/registro-web`, key.key, {
    sitioWeb: 'https://tienda-demo.example',
    urlRetorno: 'https://tienda-demo.example/gracias',
  });
  const demo: DemoMerchant = { merchantId, apiKey: key.key, keyId: key.id };
  keep(file, demo);
  return demo;
}

const DEMO_NAME = 'Tienda Demo';

/**
 * The merchant a cut first start created before it could write its id down: the embedded database's first "Tienda
 * Demo" (no operator route lists merchants). Asked only while demo-merchant.json says the seeding had begun.
 */
async function findDemoMerchant(gateway: Gateway): Promise<string | undefined> {
  const rows = (await gateway.infra.dataSource.query('SELECT id FROM merchants WHERE nombre = $1 ORDER BY creado_en, id LIMIT 1', [DEMO_NAME])) as { id: string }[];
  return rows[0]?.id;
}

async function activeKeys(gateway: Gateway, merchantId: string): Promise<string[]> {
  const rows = (await gateway.infra.dataSource.query('SELECT id FROM api_keys WHERE merchant_id = $1 AND revocada_en IS NULL', [merchantId])) as { id: string }[];
  return rows.map((row) => row.id);
}
