// Colombian business days: weekends and the national holidays of Ley 51 de 1983 (Ley Emiliani), computed by rule.
// Dates are calendar days in America/Bogota, written `YYYY-MM-DD`.

export interface Holiday {
  date: string;
  nombre: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const iso = (d: Date): string => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const day = (year: number, month: number, date: number): Date => new Date(Date.UTC(year, month - 1, date));
const plusDays = (d: Date, days: number): Date => new Date(d.getTime() + days * 86_400_000);

/** Easter Sunday, Gregorian (Meeus/Jones/Butcher). */
export function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return day(year, month, date);
}

/** Ley 51 de 1983, art. 1: these holidays move to the following Monday when they fall on another day. */
function nextMonday(d: Date): Date {
  const weekday = d.getUTCDay(); // 0 Sunday ... 6 Saturday
  return weekday === 1 ? d : plusDays(d, (8 - weekday) % 7);
}

/** The national holidays of a year, as observed (moved where the law moves them). */
export function holidays(year: number): Holiday[] {
  const e = easter(year);
  const fixed = (month: number, date: number, nombre: string): Holiday => ({ date: iso(day(year, month, date)), nombre });
  const moved = (d: Date, nombre: string): Holiday => ({ date: iso(nextMonday(d)), nombre });
  const list: Holiday[] = [
    fixed(1, 1, 'Año Nuevo'),
    moved(day(year, 1, 6), 'Día de los Reyes Magos'),
    moved(day(year, 3, 19), 'Día de San José'),
    { date: iso(plusDays(e, -3)), nombre: 'Jueves Santo' },
    { date: iso(plusDays(e, -2)), nombre: 'Viernes Santo' },
    fixed(5, 1, 'Día del Trabajo'),
    moved(plusDays(e, 39), 'Ascensión del Señor'),
    moved(plusDays(e, 60), 'Corpus Christi'),
    moved(plusDays(e, 68), 'Sagrado Corazón de Jesús'),
    moved(day(year, 6, 29), 'San Pedro y San Pablo'),
    fixed(7, 20, 'Día de la Independencia'),
    fixed(8, 7, 'Batalla de Boyacá'),
    moved(day(year, 8, 15), 'Asunción de la Virgen'),
    moved(day(year, 10, 12), 'Día de la Raza'),
    moved(day(year, 11, 1), 'Todos los Santos'),
    moved(day(year, 11, 11), 'Independencia de Cartagena'),
    fixed(12, 8, 'Inmaculada Concepción'),
    fixed(12, 25, 'Navidad'),
  ];
  // Ley 2578 de 2026: Nuestra Señora del Rosario de Chiquinquirá, 9 July, moved to Monday, from 2026.
  if (year >= 2026) list.push(moved(day(year, 7, 9), 'Virgen de Chiquinquirá'));
  return list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const cache = new Map<number, Set<string>>();

export function isHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let dates = cache.get(year);
  if (!dates) {
    dates = new Set(holidays(year).map((h) => h.date));
    cache.set(year, dates);
  }
  return dates.has(date);
}

export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(date);
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: string): string {
  let d = plusDays(new Date(`${date}T00:00:00Z`), 1);
  while (!isBusinessDay(iso(d))) d = plusDays(d, 1);
  return iso(d);
}
