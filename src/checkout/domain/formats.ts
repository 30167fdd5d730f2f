// Money and dates as a Colombian buyer reads them: "$ 150.000" (U+00A0 after the sign), Bogota time.
const COP = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 0 });
const BOGOTA = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long', timeStyle: 'short' });

export const formatPesos = (monto: number): string => COP.format(monto);

/** An instant as Bogota date and time, naming its zone as every time shown to a buyer does: "... (hora de Colombia)". */
export const formatBogotaDateTime = (iso: string): string => `${BOGOTA.format(new Date(iso))} (hora de Colombia)`;
