// The ACH authorisation form of checkout: bank and branch
// codes, account, holder's name and ID, with inline errors once a field
// was left, and (children) the ACH agreement to accept.
import { useState, type ReactNode } from 'react';
import { css } from '@emotion/css';
import { Field } from '../../../ui/form-fields';
import { ach as t } from '../../../strings/zh-hant-deferred';
import { achProblems, achProblemText, maxHolderName, type ACHFields } from '../rules';

const box = css`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 10px;
  legend { font-size: 14px; font-weight: 600; margin-bottom: 6px; padding: 0; }
  .err { color: #b00020; font-size: 13px; margin: -4px 0 0; }
`;

export function ACHForm({
  value,
  onChange,
  children,
}: {
  value: ACHFields;
  onChange: (v: ACHFields) => void;
  /** the agreement's checkbox */
  children: ReactNode;
}) {
  const [left, setLeft] = useState<Partial<Record<keyof ACHFields, boolean>>>({});
  const wrong = new Set(achProblems(value));
  const field = (name: keyof ACHFields, label: string, extra: { inputMode?: 'numeric'; maxLength?: number; hint?: string; autoComplete?: string } = {}) => (
    <>
      <Field
        label={label}
        name={name}
        required
        value={value[name]}
        aria-invalid={left[name] && wrong.has(name) ? true : undefined}
        onBlur={() => setLeft({ ...left, [name]: true })}
        onChange={(e) => onChange({ ...value, [name]: e.target.value })}
        {...extra}
      />
      {left[name] && wrong.has(name) ? (
        <p className="err" role="alert" data-testid={`ach-error-${name}`}>
          {achProblemText(name, value)}
        </p>
      ) : null}
    </>
  );
  return (
    <fieldset className={box} data-testid="ach-form">
      <legend>{t.legend}</legend>
      {field('bankCode', t.bankCode, { inputMode: 'numeric', maxLength: 3 })}
      {field('branchCode', t.branchCode, { inputMode: 'numeric', maxLength: 4 })}
      {field('account', t.account, { inputMode: 'numeric', maxLength: 16, hint: t.accountHint, autoComplete: 'off' })}
      {field('holderName', t.holderName, { maxLength: maxHolderName, autoComplete: 'name' })}
      {field('holderId', t.holderId, { maxLength: 10, autoComplete: 'off' })}
      {children}
    </fieldset>
  );
}
