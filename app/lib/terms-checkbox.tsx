// The terms checkbox of every form that asks the member to accept terms
// (register, checkout, term and overdue checkout, the ACH agreement): the
// documents' names open them in the terms dialog, inside the page, over
// whatever dialog the form is in; accepting there ticks the box.
import { Fragment, Suspense, useId, useState } from 'react';
import { css } from '@emotion/css';
import { lazyDialog } from './chunk';
import type { TermsDoc } from './dialogs/terms-dialog';
import { describedBy, FieldError } from '../ui/form-fields';

const TermsDialog = lazyDialog(() => import('./dialogs/terms-dialog'));

const termsStyle = css`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  font-size: 15px;
  input { accent-color: var(--brand); width: 18px; height: 18px; margin-top: 4px; flex: none; }
`;
const docButton = css`
  border: 0;
  background: none;
  padding: 0 2px;
  font: inherit;
  color: var(--brand);
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;
`;

export type { TermsDoc };

/** The checkbox: lead, then each document's name (a button opening it), joined by and; error, when set, under it. */
export function TermsCheckbox({ checked, onChange, lead, and = '', docs, name = 'terms', error }: {
  checked: boolean;
  onChange: (v: boolean) => void;
  lead: string;
  and?: string;
  docs: [string, TermsDoc][];
  name?: string;
  error?: string;
}) {
  const [reading, setReading] = useState<TermsDoc | null>(null);
  const id = useId();
  // the documents' buttons may not sit in a <label>: the box is named by
  // the whole line (aria-labelledby), the lead is its <label>
  return (
    <>
      <div className={termsStyle}>
        <input id={id} type="checkbox" name={name} checked={checked} aria-labelledby={id + 'text'} {...describedBy(id, '', error)} onChange={(e) => onChange(e.target.checked)} />
        <span id={id + 'text'}>
          <label htmlFor={id}>{lead}</label>
          {docs.map(([label, doc], i) => (
            <Fragment key={label}>
              {i > 0 ? and : null}
              <button type="button" className={docButton} aria-haspopup="dialog" data-testid={`terms-open-${typeof doc === 'string' ? doc : 'text'}`} onClick={() => setReading(doc)}>
                {label}
              </button>
            </Fragment>
          ))}
        </span>
      </div>
      <FieldError id={id} error={error} />
      {reading ? (
        <Suspense fallback={null}>
          <TermsDialog doc={reading} onAccept={() => onChange(true)} onClose={() => setReading(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
