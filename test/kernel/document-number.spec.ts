// The document number as shown to a Colombian (the sandbox bank's page): thousands dots where people write them.
import { formatDocumentNumber } from '../../src/kernel/document-number.js';

describe('formatDocumentNumber', () => {
  it.each([
    ['CC', '1020304050', '1.020.304.050'],
    ['CC', '52123', '52.123'],
    ['CC', '123', '123'],
    ['CE', '987654', '987.654'],
    ['TI', '10203040506', '10.203.040.506'],
    ['NIT', '900123456-8', '900.123.456-8'],
    ['NIT', '12345-6', '12.345-6'],
  ])('%s %s reads %s', (tipo, numero, shown) => {
    expect(formatDocumentNumber(tipo, numero)).toBe(shown);
  });

  it('shows as written a number with letters, a passport, or what is not of its type\'s shape', () => {
    expect(formatDocumentNumber('CE', 'AB123456')).toBe('AB123456');
    expect(formatDocumentNumber('PP', '123456789')).toBe('123456789');
    expect(formatDocumentNumber('DE', 'X1234567')).toBe('X1234567');
    expect(formatDocumentNumber('NIT', '900123456')).toBe('900123456');
  });
});
