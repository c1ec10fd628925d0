// The e-invoice part of the checkout form (brands that issue invoices
// here): the member carrier (the default), a mobile barcode, a citizen
// certificate, a donation by love code, or a company invoice with its
// 統一編號 and title. Each wrong field says so under itself once left, once
// the form was sent, or when the server refused it.
import { useState } from 'react';
import { Field, FormError, formStyle } from '../../../ui/form-fields';
import { invoice as t } from '../../../strings/zh-hant-checkout';
import type { InvoiceChoice } from '../../../contract/props';
import { invoiceProblem, type InvoiceField, type InvoiceKind } from '../rules';
import { group } from './checkout-options';

const kinds: InvoiceKind[] = ['member', 'mobile', 'certificate', 'donation', 'company'];

/** The code field of each kind: its label, hint, and how it is typed. */
const codeField: Partial<Record<InvoiceKind, { label: string; hint: string; maxLength: number; numeric?: boolean }>> = {
  mobile: { label: t.mobile, hint: t.mobileHint, maxLength: 8 },
  certificate: { label: t.certificate, hint: t.certificateHint, maxLength: 16 },
  donation: { label: t.loveCode, hint: t.loveCodeHint, maxLength: 7, numeric: true },
  company: { label: t.taxId, hint: '', maxLength: 8, numeric: true },
};

export function InvoiceForm({ value, onChange, sent, refused }: {
  value: InvoiceChoice;
  onChange: (v: InvoiceChoice) => void;
  /** the form was sent: every wrong field says so */
  sent: boolean;
  /** the server's refusal of a field */
  refused: { field: InvoiceField | 'kind'; message: string } | null;
}) {
  const [left, setLeft] = useState<Partial<Record<InvoiceField, boolean>>>({});
  const wrong = invoiceProblem(value);
  const errorAt = (field: InvoiceField | 'kind') => {
    if (refused?.field === field) return refused.message;
    if (field !== 'kind' && wrong?.field === field && (sent || left[field])) return wrong.message;
    return '';
  };
  const code = codeField[value.kind];
  // another kind starts empty (its errors too); the company keeps its title
  const choose = (k: InvoiceKind) => {
    setLeft({});
    onChange({ kind: k, code: k === value.kind ? value.code : '', title: k === 'company' ? value.title : undefined });
  };
  return (
    <div className={formStyle} data-testid="invoice-form">
      <fieldset className={group}>
        <legend>{t.legend}</legend>
        {kinds.map((k) => (
          <label key={k}>
            <input type="radio" name="invoiceKind" value={k} checked={value.kind === k} onChange={() => choose(k)} />
            <span>{t.kinds[k]}</span>
          </label>
        ))}
      </fieldset>
      {errorAt('kind') ? <FormError>{errorAt('kind')}</FormError> : null}
      {code ? (
        <Field
          label={code.label}
          name="invoiceCode"
          required
          value={value.code ?? ''}
          maxLength={code.maxLength}
          inputMode={code.numeric ? 'numeric' : undefined}
          autoCapitalize={code.numeric ? undefined : 'characters'}
          autoComplete="off"
          hint={code.hint || undefined}
          error={errorAt('code') || undefined}
          onBlur={() => setLeft({ ...left, code: true })}
          onChange={(e) => onChange({ ...value, code: e.target.value })}
        />
      ) : null}
      {value.kind === 'company' ? (
        <Field
          label={t.title}
          name="invoiceTitle"
          required
          value={value.title ?? ''}
          maxLength={60}
          autoComplete="organization"
          error={errorAt('title') || undefined}
          onBlur={() => setLeft({ ...left, title: true })}
          onChange={(e) => onChange({ ...value, title: e.target.value })}
        />
      ) : null}
    </div>
  );
}
