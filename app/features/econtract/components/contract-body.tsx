// The e-contract: the member reads the contract to its end, then signs it
// (sign-form); a signed contract is read-only, with its PDF. Without a
// contract: a note and the way back.
import { useRef, useState, type ReactNode } from 'react';
import { css } from '@emotion/css';
import type { EContractPage, SignedContract } from '../../../contract/props';
import { usePage } from '../../../lib/page-context';
import { useUi } from '../../../lib/ui-state';
import { card } from '../../../ui/card';
import { primaryButton } from '../../../ui/button';
import { econtract as t } from '../../../strings/zh-hant-econtract';
import { readToEnd } from '../rules';
import { SignForm } from './sign-form';
import { SignedRecord } from './signed-record';
import { hint } from './sheet';

const textBox = css`
  max-height: 610px;
  overflow-y: auto;
  padding: 16px;
  margin-bottom: 8px;
  line-height: 1.75;
  h2, h3 { font-size: 17px; margin: 16px 0 6px; }
  ul, ol { padding-left: 1.4em; }
`;

/** No contract to sign here. */
export function NoContract({ backLink }: { backLink: ReactNode }) {
  return (
    <>
      <h1>{t.none}</h1>
      <p className={hint}>{t.noneBody}</p>
      {backLink}
    </>
  );
}

export function ContractBody({ data, backLink }: { data: EContractPage; backLink: ReactNode }) {
  const page = usePage();
  const ui = useUi();
  const tpl = data.template;
  const [record, setRecord] = useState<SignedContract | null>(data.record ?? null);
  const [justSigned, setJustSigned] = useState(false);
  const [read, setRead] = useState(false);
  const textRef = useRef<HTMLDivElement>(null);
  const readOnly = data.readOnly || record !== null;

  const checkRead = () => {
    if (!read && textRef.current && readToEnd(textRef.current)) setRead(true);
  };
  const signed = (rec: SignedContract) => {
    setRecord(rec);
    setJustSigned(true);
    ui.notify(t.done);
  };

  return (
    <>
      <h1>{tpl.title}</h1>
      <p className="version">{t.version(tpl.version)}</p>
      <div
        ref={(el) => {
          textRef.current = el;
          if (el && !read && readToEnd(el)) queueMicrotask(() => setRead(true));
        }}
        className={`${card} ${textBox}`}
        onScroll={checkRead}
        tabIndex={0}
        data-testid="contract-text"
        // operator's rich text, a small HTML subset the server keeps (see ContractTemplate)
        dangerouslySetInnerHTML={{ __html: tpl.body }}
      />
      {readOnly && record ? (
        <SignedRecord tpl={tpl} record={record} justSigned={justSigned} backLink={backLink} />
      ) : (
        <>
          <p className={hint} data-testid="contract-read-state">
            {read ? t.readDone : t.readHint}
          </p>
          {page.user ? (
            <SignForm data={data} read={read} onSigned={signed} />
          ) : (
            <div className={card}>
              <p>{t.loginFirst}</p>
              <button type="button" className={primaryButton} onClick={() => ui.open('login', { next: page.url })}>
                {t.login}
              </button>
            </div>
          )}
        </>
      )}
    </>
  );
}
