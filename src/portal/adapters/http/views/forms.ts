// Form parts with their labels, hints and errors tied together for screen readers (aria-describedby, aria-invalid),
// and the list of errors at the top of a form that failed, as GOV.UK's error summary does: it takes the focus when the
// page opens (autofocus, no script), so it is read first, and its links take the focus to each field.
import { html, type Html } from './html.js';

export type FieldErrors = Record<string, string>;

export interface FieldOptions {
  type?: 'text' | 'email' | 'password' | 'url' | 'date' | 'search';
  value?: string;
  hint?: string;
  error?: string;
  autocomplete?: string;
  required?: boolean;
  inputmode?: string;
  maxlength?: number;
  autofocus?: boolean;
  readonly?: boolean;
}

export function field(name: string, label: string, options: FieldOptions = {}): Html {
  const id = `campo-${name}`;
  const described = [options.hint ? `${id}-ayuda` : '', options.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return html`<div class="field">
  <label for="${id}">${label}</label>
  ${options.hint ? html`<p class="hint" id="${id}-ayuda">${options.hint}</p>` : ''}
  ${options.error ? html`<p class="error-text" id="${id}-error"><span class="visually-hidden">Error: </span>${options.error}</p>` : ''}
  <input id="${id}" name="${name}" type="${options.type ?? 'text'}"${options.value !== undefined && options.type !== 'password' ? html` value="${options.value}"` : ''}${
    options.autocomplete ? html` autocomplete="${options.autocomplete}"` : ''
  }${options.required ? html` required` : ''}${options.inputmode ? html` inputmode="${options.inputmode}"` : ''}${
    options.maxlength ? html` maxlength="${options.maxlength}"` : ''
  }${options.autofocus ? html` autofocus` : ''}${options.readonly ? html` readonly` : ''}${described ? html` aria-describedby="${described}"` : ''}${options.error ? html` aria-invalid="true"` : ''}>
</div>`;
}

/** The errors of a form that failed, each a link to its field; empty when there are none. */
export function errorSummary(errors: FieldErrors, formError?: string): Html | '' {
  const entries = Object.entries(errors);
  if (entries.length === 0 && !formError) return '';
  return html`<div class="notice bad" role="alert" aria-labelledby="errores-titulo" tabindex="-1" autofocus>
  <strong class="title" id="errores-titulo">${formError ?? 'Revisa lo que escribiste'}</strong>
  ${entries.length > 0 ? html`<ul>${entries.map(([name, message]) => html`<li><a href="#campo-${name}">${message}</a></li>`)}</ul>` : ''}
</div>`;
}

/**
 * A refusal that is not about one field (a page link that no longer works, a change the rules forbid): it takes the
 * focus when the page opens, as the error summary does, so it is read first.
 */
export function problemNotice(problem: string | undefined): Html | '' {
  return problem ? html`<p class="notice bad" role="alert" tabindex="-1" autofocus>${problem}</p>` : '';
}

/**
 * A value shown once for the person to copy (a signing secret, an invitation or reset link), in a notice: a read-only
 * field named by what to do with it, so Tab reaches it and Ctrl+A, Ctrl+C copy it (text in a span is out of the
 * keyboard's reach). It takes the focus when the page opens: the first thing read is "copy it now".
 * The id stays the textarea's last attribute, right before its value, where the HTTP tests read it.
 */
export function copyField(id: string, label: string, value: string): Html {
  return html`<label class="title" for="${id}">${label}</label>
    <textarea class="secret" readonly rows="3" spellcheck="false" autocomplete="off" autofocus id="${id}">${value}</textarea>`;
}

export function okNotice(message: string | undefined): Html | '' {
  return message ? html`<p class="notice ok" role="status">${message}</p>` : '';
}
