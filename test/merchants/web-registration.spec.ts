import { belongsToSite, checkWebRegistration, parseHttpsUrl, siteHostProblem } from '../../src/merchants/domain/web-registration.js';

const PRODUCTION = { allowLoopback: false };
const DEV = { allowLoopback: true };

describe('belongsToSite: the return page must be on the site or a subdomain of it', () => {
  const site = 'https://tienda.com';
  it.each([
    ['https://tienda.com/gracias', true],
    ['https://tienda.com', true],
    ['https://www.tienda.com/gracias', true],
    ['https://pagos.eu.tienda.com/ok?pedido=1', true],
    ['https://tienda.com:8443/gracias', true],
    ['https://TIENDA.com/gracias', true],
    ['https://evil-tienda.com/gracias', false],
    ['https://tienda.com.evil.com/gracias', false],
    ['https://tiendacom/gracias', false],
    ['https://otra.com/gracias', false],
    ['https://com/gracias', false],
    ['https://tienda.co/gracias', false],
  ])('%s -> %s', (url, expected) => {
    expect(belongsToSite(new URL(url), site)).toBe(expected);
  });

  it('compares hosts only: the site may carry a path and a port', () => {
    expect(belongsToSite(new URL('https://shop.tienda.com/x'), 'https://tienda.com:444/catalogo')).toBe(true);
  });

  it('is false for a site that is not a URL', () => {
    expect(belongsToSite(new URL('https://tienda.com/'), 'tienda.com')).toBe(false);
  });
});

describe('parseHttpsUrl', () => {
  it.each([
    ['https://tienda.com/gracias?pedido=1#fin', null],
    ['HTTPS://tienda.com/gracias', null],
    ['https://tienda.com:8443/', null],
    ['https://[::1]:8443/', null],
    ['http://tienda.com/gracias', 'must start with https://'],
    ['ftp://tienda.com/', 'must start with https://'],
    ['tienda.com/gracias', 'must start with https://'],
    ['https:tienda.com', 'must start with https://'],
    ['', 'must start with https://'],
    ['https://user:secret@tienda.com/', 'must not contain user information'],
    ['https://user@tienda.com/', 'must not contain user information'],
    ['https://@tienda.com/', 'must not contain user information'],
    ['https://tienda.com/ gracias', 'must be a URI'],
    ['https://tienda.com/\ngracias', 'must be a URI'],
    ['https://tie\tnda.com/', 'must be a URI'],
    ['https://tienda.com\\@evil.com/', 'must be a URI'],
    ['https://tiendá.com/', 'must write its domain in ASCII: https://xn--tiend-1qa.com/'],
    ['https://tiendá.com/ñ', 'must be a URI'],
    ['https://tiendá.com@evil.com/', 'must be a URI'],
    ['https:///tienda.com/', 'must name its host plainly'],
    ['https://0x7f.1/', 'must name its host plainly'],
    ['https://tienda%2Ecom/', 'must name its host plainly'],
    ['https://', 'must be a valid URL'],
    ['https://tienda.com:99999/', 'must be a valid URL'],
  ])('%j -> %s', (raw, problem) => {
    const check = parseHttpsUrl(raw, 'urlRetorno');
    if (problem === null) expect(check).toMatchObject({ ok: true });
    else expect(check).toEqual({ ok: false, problem: expect.stringContaining(problem) });
  });

  it('allows 2048 characters and refuses 2049', () => {
    const base = 'https://tienda.com/';
    expect(parseHttpsUrl(base + 'a'.repeat(2048 - base.length), 'urlRetorno').ok).toBe(true);
    expect(parseHttpsUrl(base + 'a'.repeat(2049 - base.length), 'urlRetorno')).toEqual({
      ok: false,
      problem: 'urlRetorno must be at most 2048 characters long',
    });
  });

  it('names the field in its problem', () => {
    expect(parseHttpsUrl('http://x.com', 'sitioWeb')).toEqual({ ok: false, problem: 'sitioWeb must start with https://' });
  });
});

describe('checkWebRegistration', () => {
  it('keeps the strings exactly as given', () => {
    const input = { sitioWeb: 'https://Tienda.com', urlRetorno: 'https://tienda.com/gracias?utm=a&b=%20' };
    expect(checkWebRegistration(input, PRODUCTION)).toEqual({ ok: true, value: input });
  });

  it('names every broken field at once', () => {
    expect(checkWebRegistration({ sitioWeb: 'http://tienda.com', urlRetorno: 'https://u:p@tienda.com/' }, PRODUCTION)).toEqual({
      ok: false,
      fieldErrors: {
        sitioWeb: ['sitioWeb must start with https://'],
        urlRetorno: ['urlRetorno must not contain user information (user:password@)'],
      },
    });
  });

  it('refuses a return page on another domain, on urlRetorno', () => {
    expect(checkWebRegistration({ sitioWeb: 'https://tienda.com', urlRetorno: 'https://evil-tienda.com/ok' }, PRODUCTION)).toEqual({
      ok: false,
      fieldErrors: { urlRetorno: ['urlRetorno must be on tienda.com or a subdomain of it (the domain of sitioWeb)'] },
    });
  });
});

describe('siteHostProblem: a site is a public domain name (this machine too in the dev mode)', () => {
  it.each([
    ['https://tienda.co', null, null],
    ['https://www.tienda.example.co', null, null],
    ['https://tienda.co.', null, null],
    ['https://co', 'must name a domain with a dot', 'must name a domain with a dot'],
    ['https://co.', 'must name a domain with a dot', 'must name a domain with a dot'],
    ['https://intranet', 'must name a domain with a dot', 'must name a domain with a dot'],
    ['https://203.0.113.9', 'not an IP address', 'not an IP address'],
    ['https://8.8.8.8:8443/', 'not an IP address', 'not an IP address'],
    ['https://[2001:4860::8888]/', 'not an IP address', 'not an IP address'],
    ['https://10.0.0.1/', 'not an IP address', 'not an IP address'],
    ['https://tienda.local/', 'not one under .local', 'not one under .local'],
    ['https://tienda.localhost/', 'not one under .localhost', 'not one under .localhost'],
    ['https://localhost../', 'no empty label', 'no empty label'],
    ['https://tienda.local../', 'no empty label', 'no empty label'],
    ['https://tienda..co/', 'no empty label', 'no empty label'],
    ['https://localhost:8443/', 'not this machine (localhost)', null],
    ['https://127.0.0.1/', 'not an IP address', null],
    ['https://[::1]/', 'not an IP address', null],
  ])('%s -> production %j, dev %j', (raw, production, dev) => {
    const url = new URL(raw);
    for (const [policy, expected] of [[PRODUCTION, production], [DEV, dev]] as const) {
      const problem = siteHostProblem(url, policy);
      if (expected === null) expect(problem).toBeNull();
      else expect(problem).toEqual(expect.stringContaining(expected));
    }
  });

  it('refuses a bare TLD as the site, on sitioWeb, in both modes', () => {
    for (const policy of [PRODUCTION, DEV]) {
      expect(checkWebRegistration({ sitioWeb: 'https://co', urlRetorno: 'https://co/gracias' }, policy)).toEqual({
        ok: false,
        fieldErrors: { sitioWeb: [expect.stringContaining('must name a domain with a dot')] },
      });
    }
  });
});
