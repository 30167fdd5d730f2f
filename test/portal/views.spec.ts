// The portal's view helpers: escaping (everything a merchant's integration or a person types ends up in a page),
// the chart's scale and labels, the Spanish messages for the API's rules.
import { barChart, compactPesos, niceCeiling } from '../../src/portal/adapters/http/views/chart.js';
import { pesos } from '../../src/portal/adapters/http/views/format.js';
import { html, Html } from '../../src/portal/adapters/http/views/html.js';
import { deviceOf } from '../../src/portal/adapters/http/views/sessions.views.js';
import { siteMessage } from '../../src/portal/adapters/http/views/site.views.js';
import { summaryPage } from '../../src/portal/adapters/http/views/summary.views.js';
import { chargeDetailPage } from '../../src/portal/adapters/http/views/charge-detail.views.js';
import type { HistoryEvent } from '../../src/operator/application/get-charge-history/get-charge-history.query.js';
import type { PortalSession } from '../../src/portal/application/portal-session.js';
import { ESTADOS } from '../../src/payments/domain/charge.js';
import type { Totals } from '../../src/payments/application/charge-stats/charge-stats.query.js';
import { retryWaits, urlMessage } from '../../src/portal/adapters/http/views/webhook.views.js';
import { checkWebRegistration } from '../../src/merchants/domain/web-registration.js';

describe('html', () => {
  it('escapes every interpolated string, attribute quotes included', () => {
    const referencia = `"><script>alert('x')</script>`;
    expect(html`<a title="${referencia}">${referencia}</a>`.value).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</a>',
    );
  });

  it('keeps Html as it is, joins arrays and drops null, undefined and false', () => {
    expect(html`<ul>${['a<', 'b'].map((x) => html`<li>${x}</li>`)}${null}${undefined}${false}</ul>`.value).toBe('<ul><li>a&lt;</li><li>b</li></ul>');
    expect(html`${new Html('<b>ya</b>')}`.value).toBe('<b>ya</b>');
  });
});

describe('the webhook retry rule in words', () => {
  it('writes WEBHOOK_RETRY_DELAYS as a shop reads them, the defaults as the spec does', () => {
    expect(retryWaits([1, 5, 25])).toBe('1, 5 y 25 segundos');
    expect(retryWaits([1])).toBe('1 segundo');
    expect(retryWaits([0.5, 2])).toBe('0,5 y 2 segundos');
    expect(retryWaits([30, 60, 90, 3600, 7200])).toBe('30 segundos, 1 minuto, 90 segundos, 1 hora y 2 horas');
  });
});

describe('money and the chart', () => {
  it('writes pesos as es-CO does, with the non-breaking space', () => {
    expect(pesos(150000)).toBe('$\u00a0150.000');
  });

  it('rounds the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0, 1, 180_000, 240_000, 333_000, 4_100_000].map(niceCeiling)).toEqual([1000, 1, 200_000, 250_000, 500_000, 5_000_000]);
  });

  it('labels the axis briefly', () => {
    expect([0, 950, 125_000, 1_500_000].map(compactPesos)).toEqual(['$\u00a00', '$\u00a0950', '$\u00a0125\u00a0mil', '$\u00a01,5\u00a0M']);
  });

  it('draws one titled bar per period, the tallest for the largest amount, none for a zero', () => {
    const svg = barChart('t', 'Título', 'Resumen', [
      { label: '1 nov', longLabel: 'domingo, 1 de noviembre', value: 0, count: 0 },
      { label: '2 nov', longLabel: 'lunes, 2 de noviembre', value: 200_000, count: 2 },
      { label: '3 nov', longLabel: 'martes, 3 de noviembre', value: 50_000, count: 1 },
    ], pesos).value;
    const heights = [...svg.matchAll(/class="bar"[^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(heights).toEqual([0, 212, 53]);
    expect(svg).toContain('<title>lunes, 2 de noviembre: $\u00a0200.000 (2 pagos)</title>');
    expect(svg).toContain('role="img"');
  });
});

describe('Resumen over 90 days, by week', () => {
  const session = { csrf: 'c', nombre: 'Ana', merchantNombre: 'Tienda', principal: { role: 'administrador' } } as unknown as PortalSession;
  const totals = (monto: number): Totals => ({
    cantidad: monto > 0 ? 1 : 0,
    monto,
    porEstado: Object.fromEntries(
      ESTADOS.map((estado) => [estado, estado === 'aprobado' ? { cantidad: monto > 0 ? 1 : 0, monto } : { cantidad: 0, monto: 0 }]),
    ) as Totals['porEstado'],
  });
  const week = (periodo: string, desde: string, hasta: string, monto: number) => ({ periodo, desde, hasta, ...totals(monto) });

  it('names a whole week by its Monday, and a week the range cuts by the days it counts', () => {
    // 2026-08-26 (a Wednesday) to 2026-11-23 (a Monday): the first week counts from Wednesday, the last is one day.
    const page = summaryPage(session, {
      days: 90,
      desde: '2026-08-26',
      hasta: '2026-11-23',
      stats: {
        total: totals(600_000),
        periodos: [
          week('2026-08-24', '2026-08-26', '2026-08-30', 500_000),
          week('2026-08-31', '2026-08-31', '2026-09-06', 0),
          week('2026-11-23', '2026-11-23', '2026-11-23', 100_000),
        ],
      },
    }).replace(/\u00a0/g, ' ');
    expect(page).toContain('<td data-label="Semana">Del miércoles, 26 de agosto al domingo, 30 de agosto</td>');
    expect(page).toContain('<td data-label="Semana">Semana del lunes, 31 de agosto</td>');
    expect(page).toContain('<td data-label="Semana">lunes, 23 de noviembre</td>');
    expect(page).toContain('El periodo con más: Del miércoles, 26 de agosto al domingo, 30 de agosto, $ 500.000.');
    expect(page).not.toContain('Semana del lunes, 24 de agosto');
  });
});

describe('the history of a charge', () => {
  const session = { csrf: 'c', nombre: 'Ana', merchantNombre: 'Tienda', principal: { role: 'administrador' } } as unknown as PortalSession;
  const approval = (occurredAt: string, decidedAt?: string): HistoryEvent => ({
    id: 'e2',
    revision: 2,
    type: 'PaymentApproved',
    data: { method: 'pse', providerReference: 'x', noticeId: 'n', approvedAt: occurredAt, ...(decidedAt ? { decidedAt } : {}) },
    metadata: { correlationId: 'c', causationId: null, actor: { type: 'provider', id: 'sandbox' }, occurredAt, schemaVersion: 3 },
    position: { commit: '1', prepare: '1' },
    recordedAt: occurredAt,
  });
  const page = (event: HistoryEvent): string =>
    chargeDetailPage(session, {
      charge: { id: 'c1', merchantId: 'm', monto: 150000, moneda: 'COP', referencia: 'PED-1', estado: 'aprobado', checkoutToken: 't', creadoEn: '2026-03-31T20:00:00Z' },
      checkoutUrl: 'http://localhost/checkout/t',
      events: [event],
      authors: { people: {}, keys: {} },
      deliveries: [],
      hasEndpoint: false,
      extra: '',
    }).replace(/[\u00a0\u202f]/g, ' ');

  it('shows when the provider decided, when its notice arrived a minute or more later', () => {
    // Decided at 23:59:59 Bogotá on 31 March, the notice retried until 00:00:30 on 1 April.
    expect(page(approval('2026-04-01T05:00:30Z', '2026-04-01T04:59:59Z'))).not.toContain('La entidad de pagos lo aprobó');
    const late = page(approval('2026-04-01T05:10:00Z', '2026-04-01T04:59:59Z'));
    expect(late).toContain('<time datetime="2026-04-01T04:59:59Z">La entidad de pagos lo aprobó el 31 de mar de 2026, 11:59 p. m.</time>; su aviso llegó después.');
    expect(page(approval('2026-04-01T05:10:00Z'))).not.toContain('La entidad de pagos');
  });
});

describe('Spanish messages for the rules of the API', () => {
  it('translates every web registration rule it can meet', () => {
    const samples = [
      { sitioWeb: 'http://a.co', urlRetorno: 'https://a.co/x' },
      { sitioWeb: 'https://a.co', urlRetorno: 'https://b.co/x' },
      { sitioWeb: 'https://user@a.co', urlRetorno: 'https://a.co/ x' },
      { sitioWeb: 'https://a.co/' + 'x'.repeat(2050), urlRetorno: 'https://a.co' },
      { sitioWeb: 'https://co', urlRetorno: 'https://co/x' },
      { sitioWeb: 'https://203.0.113.9', urlRetorno: 'https://203.0.113.9/x' },
      { sitioWeb: 'https://localhost', urlRetorno: 'https://localhost/x' },
      { sitioWeb: 'https://tienda.local', urlRetorno: 'https://tienda.local/x' },
    ];
    for (const sample of samples) {
      const check = checkWebRegistration(sample, { allowLoopback: false });
      if (check.ok) throw new Error('expected a refusal');
      for (const message of Object.values(check.fieldErrors).flat()) expect(siteMessage(message)).not.toBe(message);
    }
  });

  it('translates the webhook destination rules', () => {
    for (const message of ['url must be https', 'url must not point to a private network address (10.0.0.0/8)', 'url must name a public host (a domain name with a dot)', 'url must not use port 0']) {
      expect(urlMessage(message)).not.toBe(message);
    }
  });

  it('names a device from its user agent', () => {
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome en Android');
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1')).toBe('Safari en iPhone o iPad');
  });
});
