// Server-rendered HTML with escaping by default: interpolated values are text unless they are Raw (a template).
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string | number): string => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export class Raw {
  constructor(readonly html: string) {}
}

export type Interpolation = string | number | Raw | Raw[] | null | undefined | false;

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Raw {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    if (Array.isArray(value)) out += value.map((v) => v.html).join('');
    else if (value instanceof Raw) out += value.html;
    else if (value !== null && value !== undefined && value !== false) out += escapeHtml(value);
    out += strings[i + 1] ?? '';
  });
  return new Raw(out);
}
