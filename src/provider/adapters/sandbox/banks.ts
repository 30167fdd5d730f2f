// The sandbox's PSE bank list. Copied from the project's fixture shared/data/pse-banks.json (40 institutions with
// their 4-digit ACH codes, cross-checked in 2026 against four public PSE/ACH lists; sandbox fixture data, not ACH
// Colombia's own list), plus the sandbox's test banks, whose outcome is fixed (docs/sandbox.md).

export interface SandboxBank {
  codigo: string;
  nombre: string;
  /** Test banks decide by themselves; the others let the buyer approve or reject on the bank's page. */
  prueba?: 'aprueba' | 'rechaza' | 'pendiente';
}

/** Real PSE lists open with this placeholder entry (code 0), which a client must drop. */
export const PLACEHOLDER_BANK: SandboxBank = { codigo: '0', nombre: 'A continuación seleccione su banco' };

export const TEST_BANKS: SandboxBank[] = [
  { codigo: '9901', nombre: 'Banco de Pruebas Aprueba', prueba: 'aprueba' },
  { codigo: '9902', nombre: 'Banco de Pruebas Rechaza', prueba: 'rechaza' },
  { codigo: '9903', nombre: 'Banco de Pruebas Pendiente', prueba: 'pendiente' },
];

export const PSE_BANKS: SandboxBank[] = [
  { codigo: '1001', nombre: 'Banco de Bogotá' },
  { codigo: '1002', nombre: 'Banco Popular' },
  { codigo: '1006', nombre: 'Banco Itaú' },
  { codigo: '1007', nombre: 'Bancolombia' },
  { codigo: '1009', nombre: 'Citibank' },
  { codigo: '1012', nombre: 'Banco GNB Sudameris' },
  { codigo: '1013', nombre: 'BBVA Colombia' },
  { codigo: '1019', nombre: 'Scotiabank Colpatria' },
  { codigo: '1023', nombre: 'Banco de Occidente' },
  { codigo: '1032', nombre: 'Banco Caja Social' },
  { codigo: '1040', nombre: 'Banco Agrario' },
  { codigo: '1047', nombre: 'Banco Mundo Mujer' },
  { codigo: '1051', nombre: 'Banco Davivienda' },
  { codigo: '1052', nombre: 'Banco AV Villas' },
  { codigo: '1053', nombre: 'Banco W' },
  { codigo: '1059', nombre: 'Bancamía' },
  { codigo: '1060', nombre: 'Banco Pichincha' },
  { codigo: '1061', nombre: 'Bancoomeva' },
  { codigo: '1062', nombre: 'Banco Falabella' },
  { codigo: '1063', nombre: 'Banco Finandina' },
  { codigo: '1065', nombre: 'Banco Santander de Negocios Colombia' },
  { codigo: '1066', nombre: 'Banco Cooperativo Coopcentral' },
  { codigo: '1069', nombre: 'Banco Serfinanza' },
  { codigo: '1070', nombre: 'Lulo Bank' },
  { codigo: '1097', nombre: 'Dale' },
  { codigo: '1283', nombre: 'CFA Cooperativa Financiera' },
  { codigo: '1286', nombre: 'JFK Cooperativa Financiera' },
  { codigo: '1289', nombre: 'Cotrafa Cooperativa Financiera' },
  { codigo: '1291', nombre: 'Coofinep Cooperativa Financiera' },
  { codigo: '1292', nombre: 'Confiar Cooperativa Financiera' },
  { codigo: '1303', nombre: 'Banco Unión' },
  { codigo: '1370', nombre: 'Coltefinanciera' },
  { codigo: '1507', nombre: 'Nequi' },
  { codigo: '1551', nombre: 'Daviplata' },
  { codigo: '1558', nombre: 'Ban100' },
  { codigo: '1637', nombre: 'Iris' },
  { codigo: '1801', nombre: 'Movii' },
  { codigo: '1804', nombre: 'Ualá' },
  { codigo: '1809', nombre: 'Nu Colombia' },
  { codigo: '1811', nombre: 'RappiPay' },
];

/** The list as the sandbox's API serves it: placeholder first, as real PSE lists do. */
export const SANDBOX_BANK_LIST: SandboxBank[] = [PLACEHOLDER_BANK, ...PSE_BANKS, ...TEST_BANKS];

export function bankByCode(codigo: string): SandboxBank | undefined {
  return [...PSE_BANKS, ...TEST_BANKS].find((bank) => bank.codigo === codigo);
}
