// Onboards a merchant the way an operator and the merchant do it: operator API, then PUT registro-web.
import type { MerchantRole } from '../../src/kernel/principal.js';
import { http, type TestGateway } from './gateway.js';

export interface OnboardOptions {
  nombre?: string;
  sitioWeb?: string;
  urlRetorno?: string;
  /** Role of the returned key (default administrador). A lectura merchant is registered with a separate admin key. */
  rol?: MerchantRole;
  /** Approve the merchant (default true). */
  approve?: boolean;
  /** Register the site and return page (default true). */
  register?: boolean;
}

export interface OnboardedMerchant {
  merchantId: string;
  apiKey: string;
  keyId: string;
}

/** What onboarding needs of a gateway: its two listeners and the operator token (a gateway in a child process too). */
export type GatewayAddress = Pick<TestGateway, 'publicUrl' | 'adminUrl' | 'operatorToken'>;

export const DEFAULT_SITE = 'https://tienda.example.co';
export const DEFAULT_RETURN_URL = 'https://tienda.example.co/gracias';

async function operator<T>(gw: GatewayAddress, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await http<T>(method, `${gw.adminUrl}${path}`, { token: gw.operatorToken, body });
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
  return answer.body;
}

export function issueKey(gw: GatewayAddress, merchantId: string, rol: MerchantRole = 'administrador') {
  return operator<{ id: string; key: string; rol: MerchantRole }>(gw, 'POST', `/internal/merchants/${merchantId}/api-keys`, { rol });
}

export async function onboardMerchant(gw: GatewayAddress, options: OnboardOptions = {}): Promise<OnboardedMerchant> {
  const merchant = await operator<{ id: string }>(gw, 'POST', '/internal/merchants', { nombre: options.nombre ?? 'Tienda de prueba' });
  if (options.approve ?? true) await operator(gw, 'POST', `/internal/merchants/${merchant.id}/aprobacion`);
  const admin = await issueKey(gw, merchant.id, 'administrador');
  if (options.register ?? true) {
    const answer = await http('PUT', `${gw.publicUrl}/v1/merchants/me/registro-web`, {
      token: admin.key,
      body: { sitioWeb: options.sitioWeb ?? DEFAULT_SITE, urlRetorno: options.urlRetorno ?? DEFAULT_RETURN_URL },
    });
    if (answer.status !== 200) throw new Error(`PUT registro-web answered ${answer.status}: ${answer.text}`);
  }
  const key = (options.rol ?? 'administrador') === 'administrador' ? admin : await issueKey(gw, merchant.id, options.rol);
  return { merchantId: merchant.id, apiKey: key.key, keyId: key.id };
}
