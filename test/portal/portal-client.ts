// A person's browser without the browser, for the portal's HTTP tests: a cookie jar, forms posted urlencoded, the
// anti-forgery token read from the page as a browser would submit it.
import { http, type TestGateway } from '../support/gateway.js';

export interface PortalAnswer {
  status: number;
  headers: Headers;
  text: string;
  location: string | null;
}

export class PortalClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async get(path: string): Promise<PortalAnswer> {
    return this.send('GET', path);
  }

  /** Posts a form, urlencoded as a browser does; the anti-forgery token is one of the fields. */
  async post(path: string, fields: Record<string, string>, extraHeaders: Record<string, string> = {}): Promise<PortalAnswer> {
    return this.send('POST', path, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded', ...extraHeaders });
  }

  /** GETs `pagePath` and posts the form at `action` with that page's anti-forgery token. */
  async submit(pagePath: string, action: string, fields: Record<string, string>): Promise<PortalAnswer> {
    const page = await this.get(pagePath);
    return this.post(action, { csrf: csrfOf(page.text), ...fields });
  }

  private async send(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<PortalAnswer> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      body,
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || attributes.some((a) => /max-age=0/i.test(a.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, headers: response.headers, text: await response.text(), location: response.headers.get('location') };
  }
}

export function csrfOf(page: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(page);
  if (!match?.[1]) throw new Error(`no anti-forgery token in the page:\n${page.slice(0, 500)}`);
  return match[1];
}

export const STRONG_PASSWORD = 'cuatro palabras del mercado';

/** The operator invites a person as the merchant's administrator; answers the invitation path. */
export async function operatorInvites(gw: TestGateway, merchantId: string, email: string, nombre = 'Dueña de la tienda'): Promise<string> {
  const answer = await http('POST', `${gw.adminUrl}/internal/merchants/${merchantId}/personas`, { token: gw.operatorToken, body: { email, nombre } });
  if (answer.status !== 201) throw new Error(`operator invite answered ${answer.status}: ${answer.text}`);
  return new URL(answer.body.invitacion.url).pathname;
}

/** Accepts an invitation with a password, in a fresh client that ends up signed in. */
export async function acceptInvitation(gw: TestGateway, invitationPath: string, password = STRONG_PASSWORD): Promise<PortalClient> {
  const client = new PortalClient(gw.publicUrl);
  const answer = await client.submit(invitationPath, invitationPath, { password, confirmacion: password });
  if (answer.status !== 303) throw new Error(`accepting the invitation answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  return client;
}

/** Signs in with email and password in a fresh client. */
export async function signIn(gw: TestGateway, email: string, password = STRONG_PASSWORD): Promise<{ client: PortalClient; answer: PortalAnswer }> {
  const client = new PortalClient(gw.publicUrl);
  const answer = await client.submit('/portal/ingresar', '/portal/ingresar', { email, password });
  return { client, answer };
}
