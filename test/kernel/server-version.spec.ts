import { unsupportedServer } from '../../src/kernel/database.js';

describe('the PostgreSQL a start accepts', () => {
  it('refuses a server older than 18 in one line naming its version and DATABASE_URL', () => {
    expect(unsupportedServer({ num: '170006', version: '17.6 (Debian 17.6-1)' })).toBe(
      'the database (DATABASE_URL) runs PostgreSQL 17.6 (Debian 17.6-1); Pasarela needs PostgreSQL 18 or newer',
    );
    expect(unsupportedServer({ num: '160010', version: '16.10' })).toMatch(/16\.10/);
  });

  it('accepts 18 and later, beta releases included', () => {
    expect(unsupportedServer({ num: '180000', version: '18beta1' })).toBeNull();
    expect(unsupportedServer({ num: '180004', version: '18.4' })).toBeNull();
    expect(unsupportedServer({ num: '190001', version: '19.1' })).toBeNull();
  });
});
