/**
 * A field of the site's server-rendered forms (the result lookup, the admit card check): its label,
 * the value as typed, and its error tied to the input for screen readers. One copy, so both forms
 * keep the same markup.
 */
import { html, type RawHtml } from './html.js';

export type FormField = {
  name: string;
  label: string;
  value: string | undefined;
  error: string | undefined;
  inputmode: 'numeric' | 'text';
  /** For codes typed in capitals on a phone. */
  autocapitalize?: 'characters';
};

export function formField({ name, label, value, error, inputmode, autocapitalize }: FormField): RawHtml {
  return html`<p class="field"><label for="${name}">${label}</label>
<input id="${name}" name="${name}" inputmode="${inputmode}" autocomplete="off"${autocapitalize ? html` autocapitalize="${autocapitalize}"` : null} value="${value ?? ''}"${error ? html` aria-invalid="true" aria-describedby="${name}-error"` : null}>
${error ? html`<span class="field-error" id="${name}-error">${error}</span>` : null}</p>`;
}
