// The sentences the settings history shows for each kind of change (DESIGN.md 5.18).
import { actorName, summarize, type SettingsChange } from '../../src/merchants/domain/settings-change.js';

const recorded = { id: '1', cambiadoEn: '2026-11-23T12:00:00.000Z', actor: { type: 'operator' as const, id: 'operator-token', nombre: null } };
const ana = { email: 'ana@x.co', nombre: 'Ana', rol: 'administrador' as const };

const site = (before: string, after: string): SettingsChange => ({
  ...recorded,
  tipo: 'registro_web',
  detalle: { antes: { sitioWeb: before, urlRetorno: 'https://a.co/g' }, despues: { sitioWeb: after, urlRetorno: 'https://a.co/g' } },
});
const hook = (before: [string, boolean], after: [string, boolean], secretoCambiado = false): SettingsChange => ({
  ...recorded,
  tipo: 'webhook',
  detalle: { antes: { url: before[0], activo: before[1] }, despues: { url: after[0], activo: after[1] }, secretoCambiado },
});

describe('summarize', () => {
  it.each<[SettingsChange, string]>([
    [site('https://a.co', 'https://b.co'), 'Sitio web: https://a.co → https://b.co'],
    [site('https://a.co', 'https://a.co'), 'Sitio web guardado sin cambios'],
    [hook(['https://h.co', true], ['https://h.co', false]), 'Webhook desactivado'],
    [hook(['https://h.co', false], ['https://i.co', true]), 'URL del webhook: https://h.co → https://i.co; Webhook activado'],
    [hook(['https://h.co', true], ['https://h.co', true], true), 'Secreto de firma cambiado'],
    [{ ...recorded, tipo: 'persona', detalle: { personaId: 'p', accion: 'eliminada', antes: ana, despues: null } }, 'Acceso de ana@x.co retirado'],
    [{ ...recorded, tipo: 'persona', detalle: { personaId: 'p', accion: 'restablecimiento_emitido', antes: null, despues: ana } }, 'Enlace para una nueva contraseña de ana@x.co'],
    [{ ...recorded, tipo: 'persona', detalle: { personaId: 'p', accion: 'contrasena_restablecida', antes: null, despues: ana } }, 'ana@x.co eligió una nueva contraseña'],
    [{ ...recorded, tipo: 'checkout_propio', detalle: { habilitado: false } }, 'Checkout propio deshabilitado'],
  ])('case %#', (change, sentence) => {
    expect(summarize(change)).toBe(sentence);
  });
});

describe('actorName', () => {
  it('names a person by name, a key by its last four, the operator as the Pasarela team', () => {
    expect(actorName({ type: 'person', id: 'p' }, 'Ana', null)).toBe('Ana');
    expect(actorName({ type: 'merchant-key', id: 'k' }, null, 'Ab12')).toBe('Clave de API …Ab12');
    expect(actorName({ type: 'operator', id: 'operator-token' }, null, null)).toBe('Equipo de Pasarela');
  });
});
