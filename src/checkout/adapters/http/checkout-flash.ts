// What a refused checkout action leaves for the page it redirects to (post/redirect/get): the PSE form's values and
// the names of its wrong fields, the card form's error, or why the action did nothing. Sealed (AES-256-GCM, bound to
// the charge's token) in a cookie scoped to that charge's page, read once and cleared: a document number typed in the
// form is in no URL, no log line and no table of ours, and it lives in the buyer's browser for a few minutes at most.
import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { readCookie } from '../../../kernel/http/cookie.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import type { PaymentNotOpen } from '../../application/errors.js';

export type Flash =
  | { kind: 'pse'; values: Record<string, string>; errors: string[] }
  | { kind: 'card' }
  | { kind: 'refused'; why: PaymentNotOpen['why'] };

const NAME = 'pasarela_checkout_aviso';
/** Long enough for the redirect it travels with; a flash not read by then is not worth showing. */
const MAX_AGE_SECONDS = 300;

@Injectable()
export class CheckoutFlash {
  private readonly key: Buffer;
  private readonly secure: boolean;

  constructor(@Inject(CONFIG) config: Config) {
    // A key of its own, derived from the configured one, so every instance opens what another sealed.
    this.key = Buffer.from(hkdfSync('sha256', config.webhookSecretKey, Buffer.alloc(0), 'pasarela checkout flash', 32));
    this.secure = config.publicBaseUrl.startsWith('https://');
  }

  leave(reply: FastifyReply, token: string, flash: Flash): void {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(token));
    const sealed = Buffer.concat([iv, cipher.update(JSON.stringify(flash), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    void reply.header('set-cookie', this.cookie(token, sealed.toString('base64url'), MAX_AGE_SECONDS));
  }

  /** The flash left for this charge's page, if any, cleared as it is read; null when missing, stale or not ours. */
  take(request: FastifyRequest, reply: FastifyReply, token: string): Flash | null {
    const value = readCookie(request.headers.cookie, NAME);
    if (value === undefined) return null;
    void reply.header('set-cookie', this.cookie(token, '', 0));
    try {
      const sealed = Buffer.from(value, 'base64url');
      if (sealed.length < 12 + 16) return null;
      const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, 12)).setAAD(Buffer.from(token));
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      const text = Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as Flash;
    } catch {
      return null;
    }
  }

  /**
   * Lax, not Strict: the card's token is posted to our page from the provider's frame, another site in production, so
   * the page its 303 leads to is a navigation that other site started, and a Strict cookie would not come with it.
   */
  private cookie(token: string, value: string, maxAge: number): string {
    return `${NAME}=${value}; Path=/checkout/${token}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${this.secure ? '; Secure' : ''}`;
  }
}
