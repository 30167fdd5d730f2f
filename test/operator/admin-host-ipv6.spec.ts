// ADMIN_HOST may be any IP address (README), IPv6 loopback too. The gateway named its operator API
// "http://::1:3001", which is no URL: the CLI pasted from the banner refused it, and the embedded default's demo seed
// could not call it, so `npm start` with ADMIN_HOST=::1 stopped with "Failed to parse URL".
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { pasarelaOps } from '../support/cli.js';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ adminHost: '::1' });
});

afterAll(async () => {
  await gw?.close();
});

describe('the operator API on IPv6 loopback (ADMIN_HOST=::1)', () => {
  it('is named by a URL the CLI reaches', async () => {
    expect(gw.adminUrl).toMatch(/^http:\/\/\[::1\]:\d+$/);
    const run = await pasarelaOps(gw, ['--json', 'merchants', 'create', 'Tienda IPv6']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toMatchObject({ nombre: 'Tienda IPv6' });
  });
});
