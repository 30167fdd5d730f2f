// The portal's cookies. The session cookie is HttpOnly, SameSite=Lax and, when the portal is served over https,
// Secure with the __Host- prefix (no Domain, Path=/: a sibling subdomain cannot set or shadow it). The pre-session
// anti-forgery cookie (sign-in and invitation forms) is the same but SameSite=Strict.
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { readCookie } from '../../../kernel/http/cookie.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';

@Injectable()
export class PortalCookies {
  readonly secure: boolean;
  readonly sessionName: string;
  readonly csrfName: string;
  private readonly path: string;

  constructor(@Inject(CONFIG) config: Config) {
    this.secure = config.publicBaseUrl.startsWith('https://');
    this.sessionName = this.secure ? '__Host-pasarela_sesion' : 'pasarela_sesion';
    this.csrfName = this.secure ? '__Host-pasarela_csrf' : 'pasarela_csrf';
    this.path = this.secure ? '/' : '/portal';
  }

  session(request: FastifyRequest): string | undefined {
    return readCookie(request.headers.cookie, this.sessionName);
  }

  setSession(reply: FastifyReply, token: string): void {
    void reply.header('set-cookie', this.serialize(this.sessionName, token, 'Lax'));
  }

  clearSession(reply: FastifyReply): void {
    void reply.header('set-cookie', this.serialize(this.sessionName, '', 'Lax', 0));
  }

  /** The pre-session anti-forgery token: the cookie's, or a new one set now. */
  formToken(request: FastifyRequest, reply: FastifyReply): string {
    const existing = readCookie(request.headers.cookie, this.csrfName);
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const token = randomBytes(32).toString('base64url');
    void reply.header('set-cookie', this.serialize(this.csrfName, token, 'Strict'));
    return token;
  }

  formCookie(request: FastifyRequest): string | undefined {
    return readCookie(request.headers.cookie, this.csrfName);
  }

  private serialize(name: string, value: string, sameSite: 'Lax' | 'Strict', maxAge?: number): string {
    return [
      `${name}=${value}`,
      `Path=${this.path}`,
      'HttpOnly',
      `SameSite=${sameSite}`,
      this.secure ? 'Secure' : '',
      maxAge === undefined ? '' : `Max-Age=${maxAge}`,
    ]
      .filter(Boolean)
      .join('; ');
  }
}
