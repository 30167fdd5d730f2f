// The signature of the sandbox's notices: over the exact bytes, constant-time, 300 s either way.
import { checkNoticeSignature, signNotice } from '../../src/provider/adapters/sandbox/notice-signature.js';

const secret = 'provider-secret-0123456789abcdef';
const at = new Date('2026-11-20T15:00:00Z');
const body = '{"id":"ntf_1",  "resultado":"aprobado"}';

describe('notice signature', () => {
  it('checks a notice signed with the secret over the raw body', () => {
    expect(checkNoticeSignature(secret, signNotice(secret, body, at), Buffer.from(body), at)).toBe('valid');
  });

  it('refuses the same notice re-serialised, another secret, or no header', () => {
    const header = signNotice(secret, body, at);
    expect(checkNoticeSignature(secret, header, Buffer.from(JSON.stringify(JSON.parse(body))), at)).toBe('bad_signature');
    expect(checkNoticeSignature('another-secret-0123456789abcdef', header, Buffer.from(body), at)).toBe('bad_signature');
    expect(checkNoticeSignature(secret, undefined, Buffer.from(body), at)).toBe('malformed');
    expect(checkNoticeSignature(secret, 't=abc,v1=00', Buffer.from(body), at)).toBe('malformed');
  });

  it('takes a notice up to 300 s old or early, not more', () => {
    const header = signNotice(secret, body, at);
    expect(checkNoticeSignature(secret, header, Buffer.from(body), new Date(at.getTime() + 300_000))).toBe('valid');
    expect(checkNoticeSignature(secret, header, Buffer.from(body), new Date(at.getTime() + 301_000))).toBe('stale');
    expect(checkNoticeSignature(secret, header, Buffer.from(body), new Date(at.getTime() - 301_000))).toBe('stale');
  });

  it('accepts a header with two v1 signatures when one matches', () => {
    const header = signNotice(secret, body, at);
    const twice = `${header},v1=${'0'.repeat(64)}`;
    expect(checkNoticeSignature(secret, twice, Buffer.from(body), at)).toBe('valid');
  });
});
