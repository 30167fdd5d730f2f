// Which endpoint URLs are accepted (DESIGN.md 5.15): production takes https to public hosts only; the dev mode
// (the embedded default) takes http and https to this machine as well.
import { checkDestination, checkAddress } from '../../src/webhooks/domain/destination.js';
import { hostileUrls } from './support/hostile-urls.js';

const production = { allowLoopback: false };
const dev = { allowLoopback: true };

describe('webhook endpoint URLs', () => {
  it('accepts https to a public host, normalised, with a port, a path and a query', () => {
    const checked = checkDestination('HTTPS://Tienda.Example.co:8443/hooks/pasarela?canal=web', production);
    expect(checked).toMatchObject({ ok: true });
    expect(checked.ok && checked.url.href).toBe('https://tienda.example.co:8443/hooks/pasarela?canal=web');
    expect(checkDestination('https://[2606:4700::6810:85e5]/hooks', production).ok).toBe(true);
    expect(checkDestination('https://8.8.8.8/hooks', production).ok).toBe(true);
  });

  it.each(hostileUrls(4000))('refuses %s in production', (url) => {
    expect(checkDestination(url, production)).toMatchObject({ ok: false });
  });

  it('refuses http to a public host, even in the dev mode', () => {
    expect(checkDestination('http://tienda.example.co/hooks', production)).toEqual({ ok: false, reason: 'url must be https' });
    expect(checkDestination('http://tienda.example.co/hooks', dev)).toMatchObject({ ok: false, reason: expect.stringContaining('https') });
  });

  it('accepts http and https to loopback in the dev mode only, and nothing private even there', () => {
    for (const url of ['http://127.0.0.1:4000/hooks', 'http://localhost:4000/hooks', 'https://[::1]:4000/', 'http://[::ffff:127.0.0.1]:4000/']) {
      expect(checkDestination(url, dev).ok).toBe(true);
      expect(checkDestination(url, production).ok).toBe(false);
    }
    for (const url of ['http://10.0.0.1/', 'https://192.168.1.1/', 'https://169.254.169.254/', 'http://100.64.0.1/']) {
      expect(checkDestination(url, dev).ok).toBe(false);
    }
  });

  it('says why, in words a merchant can act on', () => {
    expect(checkDestination('https://tienda.co@127.0.0.1/', dev)).toEqual({ ok: false, reason: 'url must not contain user information (user@host)' });
    expect(checkDestination('https://10.0.0.1/', production)).toEqual({ ok: false, reason: 'url must not point to an address in 10.0.0.0/8 (private)' });
    expect(checkDestination('ftp://tienda.example.co/', production)).toEqual({ ok: false, reason: 'url must be an https URL' });
    expect(checkDestination('tienda.example.co/hooks', production)).toMatchObject({ ok: false, reason: expect.stringContaining('absolute URL') });
    expect(checkDestination('https://tienda.example.co/#x', production)).toMatchObject({ ok: false, reason: expect.stringContaining('fragment') });
    expect(checkDestination(`https://tienda.example.co/${'a'.repeat(2048)}`, production)).toMatchObject({ ok: false, reason: expect.stringContaining('2048') });
  });

  it('checks each resolved address at connect time by the same rules', () => {
    expect(checkAddress('93.184.215.14', production)).toBeNull();
    expect(checkAddress('127.0.0.1', production)).toBe('resolves to a loopback address');
    expect(checkAddress('127.0.0.1', dev)).toBeNull();
    expect(checkAddress('::ffff:169.254.169.254', dev)).toContain('169.254.0.0/16');
  });
});
