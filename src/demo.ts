// The embedded default's demo merchant: made once through the same doors an operator and a merchant use (the
// operator API, then the merchant API), its key kept in DATA_DIR (mode 600) so every start can print it again.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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

/** Seeds the demo merchant on the first start; on every start, reads back what its key and site are now. */
export async function seedDemoMerchant(gateway: Gateway, dataDir: string): Promise<DemoState> {
  const file = path.join(dataDir, 'demo-merchant.json');
  // Empty: a first start cut while writing it (killed, a full disk); made again, or every start failed on its JSON.
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  const demo = kept ? (JSON.parse(kept) as DemoMerchant) : await createDemoMerchant(gateway, file);
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

async function createDemoMerchant(gateway: Gateway, file: string): Promise<DemoMerchant> {
  const token = gateway.infra.config.operatorToken ?? '';
  const admin = `${gateway.adminUrl}/internal`;
  const merchant = await call<{ id: string }>('POST', `${admin}/merchants`, token, { nombre: 'Tienda Demo' });
  await call('POST', `${admin}/merchants/${merchant.id}/aprobacion`, token);
  const key = await call<{ id: string; key: string }>('POST', `${admin}/merchants/${merchant.id}/api-keys`, token, { rol: 'administrador' });
  await call('PUT', `${gateway.publicUrl}/v1/merchants/me/registro-web`, key.key, {
    sitioWeb: 'https://tienda-demo.example',
    urlRetorno: 'https://tienda-demo.example/gracias',
  });
  const demo: DemoMerchant = { merchantId: merchant.id, apiKey: key.key, keyId: key.id };
  writeFileSync(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  return demo;
}
