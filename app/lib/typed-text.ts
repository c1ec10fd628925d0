// The rule of every text a member types (the server's rules/fields.go:
// Name and the custom text fields), so a form says what the server would
// before the request: trimmed, within its length, and free of what makes a
// text read otherwise than it is stored: control characters (CR, LF, tab,
// ...), line and paragraph separators, and bidirectional formatting
// characters (the U+202E right-to-left override and its kin). The class is
// spelled out: goja's regular expressions do not match \p{...}.
import type { CustomField } from '../contract/props';
import { maxName } from '../contract/generated/shared';
import { auth as t } from '../strings/zh-hant-members';

/** The longest a person's name may be (the server's rules.MaxName). */
export { maxName };

const misleading = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** What is wrong with a text typed in the field label ('' nothing); an empty optional text is fine. */
export function textProblem(label: string, value: string, max: number, required: boolean): string {
  const v = value.trim();
  if (!v) return required ? t.fieldRequired(label) : '';
  if ([...v].length > max) return t.fieldTooLong(label, max);
  if (misleading.test(v)) return t.fieldMisleading(label);
  return '';
}

/** What is wrong with a person's name typed in the field label ('' nothing). */
export function nameProblem(label: string, value: string, max = maxName): string {
  return textProblem(label, value, max, true);
}

/** What is wrong with each of the brand's fields, by key ('' nothing): a required one left empty, a text field's text. */
export function customFieldProblems(schema: CustomField[], values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of schema) {
    const v = values[f.key] ?? '';
    out[f.key] = f.type === 'text' ? textProblem(f.label, v, f.maxLength || 100, f.required) : f.required && !v.trim() ? t.fieldRequired(f.label) : '';
  }
  return out;
}

/** Whether any field has a problem. */
export const anyProblem = (problems: Record<string, string>) => Object.values(problems).some(Boolean);
