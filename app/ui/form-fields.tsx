// Form parts of the dialogs and member pages: labelled fields, the brand's
// custom fields by type, an error line. Buttons are in ./button.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { css } from '@emotion/css';
import type { CustomField } from '../contract/props';
import { auth as t } from '../strings/zh-hant-members';
import { colour } from './theme';

export const formStyle = css`
  display: flex;
  flex-direction: column;
  gap: 14px;
  p { color: ${colour.muted}; font-size: 14px; margin: 0; }
`;
const fieldStyle = css`
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-size: 14px;
  font-weight: 600;
  input, select {
    font: inherit;
    font-weight: 400;
    font-size: 16px;
    padding: 10px 12px;
    border: 1px solid #cbd2d9;
    border-radius: 10px;
    background: #fff;
    color: ${colour.text};
    min-height: 44px;
  }
  input:focus, select:focus { outline: 2px solid var(--brand); border-color: var(--brand); }
  small { color: ${colour.muted}; font-weight: 400; }
`;
/** A required field's label ends in a red asterisk (not part of its name). */
const req = css`
  &::after { content: '*'; color: ${colour.danger}; margin-left: 2px; }
`;
const errorStyle = css`
  color: ${colour.danger};
  background: color-mix(in srgb, ${colour.danger} 8%, white);
  border-radius: 8px;
  padding: 8px 12px;
  font-size: 14px;
  margin: 0;
`;
const fieldErrorStyle = css`
  && { color: ${colour.danger}; }
`;
export const row = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  align-items: center;
  justify-content: space-between;
  font-size: 14px;
`;

/**
 * The filter bar of a list (search results, booking records): a boxed grid
 * of labelled inputs and selects, two columns on phones; each page sets its
 * wider columns.
 */
export const filterBar = css`
  display: grid;
  gap: 10px;
  grid-template-columns: repeat(2, 1fr);
  min-width: 0;
  padding: 12px;
  border-radius: 12px;
  background: ${colour.surface};
  border: 1px solid ${colour.line};
  label { display: grid; gap: 4px; font-size: 13px; color: ${colour.muted}; min-width: 0; }
  input, select { height: 40px; padding: 0 8px; border-radius: 8px; border: 1px solid ${colour.line}; font: inherit; font-size: 14px; color: ${colour.text}; background: #fff; min-width: 0; }
  input:focus, select:focus { outline: 2px solid var(--brand); border-color: var(--brand); }
`;

/** The line above a filtered list: its count, and a link that clears the filters. */
export const listMeta = css`
  display: flex;
  justify-content: space-between;
  align-items: center;
  margin: 18px 0 12px;
  font-size: 14px;
  color: ${colour.muted};
  a { color: var(--brand); }
`;

/** A labelled input; error, when set, is what is wrong with its value, shown under it. */
export function Field({ label, required, hint, error, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string }) {
  const auto = useId();
  const id = input.id ?? auto; // a form the server keeps (lib/page-context kept) names its fields
  return (
    <div className={fieldStyle}>
      <label htmlFor={id} className={required ? req : undefined}>
        {label}
      </label>
      <input id={id} required={required} {...describedBy(id, hint, error)} {...input} />
      {hint ? <small id={id + '-hint'}>{hint}</small> : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The attributes of a control with id whose hint and error (either may be empty) are shown under it. */
export function describedBy(id: string, hint?: string, error?: string): { 'aria-describedby'?: string; 'aria-invalid'?: true } {
  const described = [hint ? id + '-hint' : '', error ? id + '-error' : ''].filter(Boolean).join(' ');
  return { 'aria-describedby': described || undefined, 'aria-invalid': error ? true : undefined };
}

/** What is wrong with the value of the control with id (nothing when error is empty). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <small id={id + '-error'} className={fieldErrorStyle} role="alert" data-testid="field-error">
      {error}
    </small>
  );
}

export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={errorStyle} role="alert" data-testid="form-error">
      {children}
    </p>
  );
}

const inputTypes: Record<CustomField['type'], string> = { text: 'text', date: 'date', choice: '', phone: 'tel', email: 'email' };

/** One custom field of the brand's schema, as an input of its type. */
export function CustomFieldInput({ field, value, onChange, error }: { field: CustomField; value: string; onChange: (v: string) => void; error?: string }) {
  if (field.type === 'choice') return <ChoiceInput field={field} value={value} onChange={onChange} error={error} />;
  return (
    <Field
      label={field.label}
      error={error}
      name={'cf-' + field.key}
      type={inputTypes[field.type]}
      required={field.required}
      maxLength={field.type === 'text' ? field.maxLength || 100 : undefined}
      inputMode={field.type === 'phone' ? 'tel' : undefined}
      placeholder={field.type === 'phone' ? '0912-345-678' : undefined}
      autoComplete={field.type === 'phone' ? 'tel' : field.type === 'email' ? 'email' : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function ChoiceInput({ field, value, onChange, error }: { field: CustomField; value: string; onChange: (v: string) => void; error?: string }) {
  const options = (field.options ?? []).map((o): [string, string] => [o, o]);
  return <SelectField label={field.label} name={'cf-' + field.key} required={field.required} options={options} value={value} onChange={onChange} error={error} />;
}

/** A labelled select of options ([value, label]) after a 請選擇 line; error, when set, is shown under it. */
export function SelectField({ id: given, label, name, required, options, value, onChange, error }: {
  /** The select's id; default one of useId's (a form the server keeps, lib/page-context kept, names its fields). */
  id?: string;
  label: string;
  name: string;
  required?: boolean;
  options: [string, string][];
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const auto = useId();
  const id = given ?? auto;
  return (
    <div className={fieldStyle}>
      <label htmlFor={id} className={required ? req : undefined}>
        {label}
      </label>
      <select id={id} name={name} value={value} required={required} {...describedBy(id, '', error)} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t.choose}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
