// The event body, its signature and the retry schedule: the pure rules under every delivery.
import { createHmac } from 'node:crypto';
import { loadConfig } from '../../src/kernel/config.js';
import { afterAttempt, DEFAULT_RETRY_DELAYS } from '../../src/webhooks/domain/delivery.js';
import { signatureHeader } from '../../src/webhooks/domain/signature.js';
import { serialiseEvent, webhookEventFor, webhookEventId } from '../../src/webhooks/domain/webhook-event.js';
import { AesGcmSecretBox } from '../../src/webhooks/adapters/crypto/aes-gcm.secret-box.js';
import { randomBytes } from 'node:crypto';

const approval = {
  sourceEventId: '0b8f9c3e-5d2a-4f7b-9a61-2c4e8d1f3a57',
  outcome: 'approved' as const,
  at: '2026-11-20T15:04:05.678Z',
  charge: { id: '7f1d9a52-3c1e-4c55-9a43-2b7f1e0c9d11', referencia: 'PED-1001', monto: 150_000, moneda: 'COP' },
};

describe('the webhook event', () => {
  it('is the spec\'s Webhook event, in the spec\'s key order, created in epoch seconds', () => {
    expect(serialiseEvent(webhookEventFor(approval))).toBe(
      '{"id":"evt_0b8f9c3e5d2a4f7b9a612c4e8d1f3a57","created":1795187045,"type":"payment.completed",' +
        '"data":{"paymentId":"7f1d9a52-3c1e-4c55-9a43-2b7f1e0c9d11","reference":"PED-1001","monto":150000,"currency":"COP","estado":"aprobado"}}',
    );
  });

  it('is payment.failed with estado fallido for a failure', () => {
    const event = webhookEventFor({ ...approval, outcome: 'failed' });
    expect([event.type, event.data.estado]).toEqual(['payment.failed', 'fallido']);
  });

  it('takes its id from the charge event, so the same approval always names the same event', () => {
    expect(webhookEventId(approval.sourceEventId)).toBe(webhookEventFor(approval).id);
    expect(webhookEventFor(approval)).toEqual(webhookEventFor({ ...approval }));
  });
});

describe('the signature', () => {
  it('is t=<epoch>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> with the endpoint secret', () => {
    const body = '{"id":"evt_1"}';
    const expected = createHmac('sha256', 'whsec_test').update(`1763651045.${body}`).digest('hex');
    expect(signatureHeader(['whsec_test'], 1763651045, body)).toBe(`t=1763651045,v1=${expected}`);
  });

  it('carries one v1 per secret while a secret is being replaced', () => {
    expect(signatureHeader(['new', 'old'], 1, '{}')).toMatch(/^t=1,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
  });
});

describe('the retry schedule', () => {
  it('defaults to exactly the spec\'s 1, 5 and 25 seconds', () => {
    expect(DEFAULT_RETRY_DELAYS).toEqual([1, 5, 25]);
    expect(loadConfig({}).webhookRetryDelays).toEqual([1, 5, 25]);
  });

  it('retries after 1, 5 and 25 s, then gives the delivery up as fallida: four attempts in all', () => {
    const delays = loadConfig({}).webhookRetryDelays;
    expect([1, 2, 3, 4].map((attempt) => afterAttempt(500, attempt, delays))).toEqual([
      { estado: 'pendiente', retryInSeconds: 1 },
      { estado: 'pendiente', retryInSeconds: 5 },
      { estado: 'pendiente', retryInSeconds: 25 },
      { estado: 'fallida' },
    ]);
  });

  it('treats any 2xx as delivered and anything else (3xx included, or no answer) as a failure', () => {
    expect([200, 202, 204, 299].map((status) => afterAttempt(status, 1, [1]).estado)).toEqual(Array(4).fill('entregada'));
    expect([301, 302, 400, 500, null].map((status) => afterAttempt(status, 1, [1]).estado)).toEqual(Array(5).fill('pendiente'));
  });

  it('reads WEBHOOK_RETRY_DELAYS as seconds, and refuses nonsense', () => {
    expect(loadConfig({ WEBHOOK_RETRY_DELAYS: '0.2, 0.5,2' }).webhookRetryDelays).toEqual([0.2, 0.5, 2]);
    expect(() => loadConfig({ WEBHOOK_RETRY_DELAYS: '1,-5' })).toThrow(/WEBHOOK_RETRY_DELAYS must be/);
    expect(() => loadConfig({ WEBHOOK_RETRY_DELAYS: 'soon' })).toThrow(/WEBHOOK_RETRY_DELAYS must be/);
  });
});

describe('webhook configuration', () => {
  it('allows loopback destinations only on the embedded default, unless told', () => {
    expect(loadConfig({}).webhookAllowLoopback).toBe(true);
    const production = { DATABASE_URL: 'postgres://u:p@db/x', OPERATOR_TOKEN: 'x'.repeat(24), PROVIDER_SECRET: 'p'.repeat(24), WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64') };
    expect(loadConfig(production).webhookAllowLoopback).toBe(false);
    expect(loadConfig({ ...production, WEBHOOK_ALLOW_LOOPBACK: 'true' }).webhookAllowLoopback).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'false' }).webhookAllowLoopback).toBe(false);
  });

  it('requires a 32-byte WEBHOOK_SECRET_KEY with DATABASE_URL, in hex or base64', () => {
    const base = { DATABASE_URL: 'postgres://u:p@db/x', OPERATOR_TOKEN: 'x'.repeat(24), PROVIDER_SECRET: 'p'.repeat(24) };
    expect(() => loadConfig(base)).toThrow(/WEBHOOK_SECRET_KEY must be set/);
    expect(() => loadConfig({ ...base, WEBHOOK_SECRET_KEY: 'c2hvcnQ=' })).toThrow(/must be 32 bytes/);
    const key = randomBytes(32);
    expect(loadConfig({ ...base, WEBHOOK_SECRET_KEY: key.toString('hex') }).webhookSecretKey).toEqual(key);
    expect(loadConfig({ ...base, WEBHOOK_SECRET_KEY: key.toString('base64') }).webhookSecretKey).toEqual(key);
  });

  it('takes an optional WEBHOOK_SECRET_KEY_PREVIOUS in the same format, different from the current key', () => {
    const key = randomBytes(32);
    const previous = randomBytes(32);
    const base = { DATABASE_URL: 'postgres://u:p@db/x', OPERATOR_TOKEN: 'x'.repeat(24), PROVIDER_SECRET: 'p'.repeat(24), WEBHOOK_SECRET_KEY: key.toString('base64') };
    expect(loadConfig(base).webhookSecretKeyPrevious).toBeNull();
    expect(loadConfig({ ...base, WEBHOOK_SECRET_KEY_PREVIOUS: '' }).webhookSecretKeyPrevious).toBeNull();
    expect(loadConfig({ ...base, WEBHOOK_SECRET_KEY_PREVIOUS: previous.toString('hex') }).webhookSecretKeyPrevious).toEqual(previous);
    expect(loadConfig({ ...base, WEBHOOK_SECRET_KEY_PREVIOUS: previous.toString('base64') }).webhookSecretKeyPrevious).toEqual(previous);
    expect(() => loadConfig({ ...base, WEBHOOK_SECRET_KEY_PREVIOUS: 'c2hvcnQ=' })).toThrow(/WEBHOOK_SECRET_KEY_PREVIOUS must be 32 bytes/);
    // The same key, even written the other way, is no rotation.
    expect(() => loadConfig({ ...base, WEBHOOK_SECRET_KEY_PREVIOUS: key.toString('hex') })).toThrow(
      /WEBHOOK_SECRET_KEY_PREVIOUS must differ from WEBHOOK_SECRET_KEY/,
    );
  });
});

describe('signing secrets at rest', () => {
  const box = new AesGcmSecretBox(randomBytes(32));

  it('seal to AES-256-GCM text that does not contain the secret and opens back to it', () => {
    const sealed = box.seal('whsec_abc', 'endpoint-1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed, 'endpoint-1')).toBe('whsec_abc');
    expect(box.seal('whsec_abc', 'endpoint-1')).not.toBe(sealed); // a fresh IV each time
  });

  it('refuse to open for another endpoint, with another key, or once altered', () => {
    const sealed = box.seal('whsec_abc', 'endpoint-1');
    expect(() => box.open(sealed, 'endpoint-2')).toThrow();
    expect(() => new AesGcmSecretBox(randomBytes(32)).open(sealed, 'endpoint-1')).toThrow();
    const [v, iv, tag, text] = sealed.split('.');
    const flipped = Buffer.from(text!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'), 'endpoint-1')).toThrow();
  });

  it('seal with the current key and open with it or, during a key rotation, with the previous one', () => {
    const [current, previous] = [randomBytes(32), randomBytes(32)];
    const rotating = new AesGcmSecretBox(current, previous);
    const old = new AesGcmSecretBox(previous).seal('whsec_old', 'endpoint-1');
    expect(rotating.open(old, 'endpoint-1')).toBe('whsec_old');
    expect(rotating.open(new AesGcmSecretBox(current).seal('whsec_new', 'endpoint-1'), 'endpoint-1')).toBe('whsec_new');
    expect(new AesGcmSecretBox(current).open(rotating.seal('whsec_abc', 'endpoint-1'), 'endpoint-1')).toBe('whsec_abc');
    expect(() => rotating.open(old, 'endpoint-2')).toThrow();
    expect(() => rotating.open(new AesGcmSecretBox(randomBytes(32)).seal('whsec_x', 'endpoint-1'), 'endpoint-1')).toThrow();
    expect(() => new AesGcmSecretBox(current, Buffer.from(current))).toThrow(/must differ/);
  });
});
