// The sandbox's notice as the gateway reads it: a metodo or resultado naming what every object inherits is refused
// like any unknown one, not taken for a method (it would be stored as a function, i.e. dropped from the event).
import { randomUUID } from 'node:crypto';
import { FieldError } from '../../src/kernel/errors.js';
import { readSandboxNotice } from '../../src/provider/adapters/sandbox/sandbox-notice.js';

const notice = { id: 'ntf_1', sesion: 'ses_1', pagoId: randomUUID(), intento: 'int_1', metodo: 'pse', resultado: 'aprobado', motivo: null, decididoEn: null };

describe('reading a sandbox notice', () => {
  it('reads a well-formed one', () => {
    expect(readSandboxNotice(notice)).toMatchObject({ method: 'pse', outcome: 'approved' });
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('refuses metodo and resultado %s as unknown', (word) => {
    for (const field of ['metodo', 'resultado']) {
      let thrown: unknown;
      try {
        readSandboxNotice({ ...notice, [field]: word });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(FieldError);
      expect(Object.keys((thrown as FieldError).fieldErrors)).toEqual([field]);
    }
  });
});
