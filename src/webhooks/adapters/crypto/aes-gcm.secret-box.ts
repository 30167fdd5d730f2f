// Signing secrets sealed with AES-256-GCM under WEBHOOK_SECRET_KEY: `v1.<iv>.<tag>.<ciphertext>` (base64url).
// The context (the endpoint id) is authenticated data, so a sealed secret copied onto another endpoint does not open.
// During a rotation the replaced key (WEBHOOK_SECRET_KEY_PREVIOUS) still opens: the sealed text does not name its key,
// and GCM's tag refuses a wrong key, so opening tries the current key and then the previous one.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../application/ports/secret-box.port.js';

const VERSION = 'v1';
const IV_BYTES = 12;

export class AesGcmSecretBox implements SecretBox {
  constructor(
    private readonly key: Buffer,
    private readonly previousKey: Buffer | null = null,
  ) {
    if (key.length !== 32) throw new Error('The webhook secret key must be 32 bytes (AES-256)');
    if (previousKey !== null && previousKey.length !== 32) throw new Error('The previous webhook secret key must be 32 bytes (AES-256)');
    if (previousKey?.equals(key)) throw new Error('The previous webhook secret key must differ from the current one');
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string, context: string): string {
    const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
      throw new Error('Not a sealed secret');
    }
    const parts = { iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url'), ciphertext: Buffer.from(ciphertext, 'base64url') };
    try {
      return decrypt(this.key, parts, context);
    } catch (error) {
      if (this.previousKey === null) throw error;
      return decrypt(this.previousKey, parts, context);
    }
  }
}

function decrypt(key: Buffer, { iv, tag, ciphertext }: { iv: Buffer; tag: Buffer; ciphertext: Buffer }, context: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
