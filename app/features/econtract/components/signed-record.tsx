// A signed contract, read-only: who signed, the account, the fields, when,
// and its PDF. Just signed, it takes the focus the submit button had.
import { useEffect, useRef, type ReactNode } from 'react';
import type { ContractTemplate, SignedContract } from '../../../contract/props';
import { card, factList } from '../../../ui/card';
import { secondaryButton, smallButton } from '../../../ui/button';
import { taipeiDateTime } from '../../../ui/date';
import { econtract as t } from '../../../strings/zh-hant-econtract';

export function SignedRecord({ tpl, record, justSigned, backLink }: { tpl: ContractTemplate; record: SignedContract; justSigned: boolean; backLink: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justSigned) ref.current?.focus();
  }, [justSigned]);
  return (
    <div ref={ref} className={card} tabIndex={-1} data-testid="contract-signed">
      <h2>{t.signed}</h2>
      <dl className={factList}>
        <dt>{t.signedBy}</dt>
        <dd>{record.signerName}</dd>
        <dt>{t.signedAccount}</dt>
        <dd data-testid="contract-account">{t.account(record.account)}</dd>
        {tpl.fields.map((f) => (
          <div key={f.key} style={{ display: 'contents' }}>
            <dt>{f.label}</dt>
            <dd>{record.fields[f.key] ?? ''}</dd>
          </div>
        ))}
        <dt>{t.signedAt}</dt>
        <dd>{taipeiDateTime(record.signedAt)}</dd>
      </dl>
      {justSigned ? <p>{t.done}</p> : null}
      <p>
        <a className={`${secondaryButton} ${smallButton}`} href={record.pdfUrl} download data-testid="contract-pdf">
          {t.pdf}
        </a>
      </p>
      {backLink}
    </div>
  );
}
