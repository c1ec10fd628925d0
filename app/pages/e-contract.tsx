// The e-contract (/{brandId}/e-contract/{storeId}/{contractId}, always
// allowed): the member reads the contract to its end, fills the fields it
// asks for, signs on the signature box (or, without a pointer, types their
// name as the signature) and agrees; a signed contract is
// read-only, with its PDF. The query's back= (a path on this site, e.g. the
// checkout with its cart) is where "back" goes.
import { useEffect, useRef, useState } from 'react';
import { css } from '@emotion/css';
import type { EContractPage, SignedContract } from '../contract/props';
import { usePage } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { HomeLink } from '../lib/navigation';
import { useUi } from '../lib/ui-state';
import { errorText } from '../lib/api';
import { signContract } from '../features/econtract/api';
import { readToEnd, textSha256 } from '../features/econtract/text-hash';
import { SignatureBox, type SignatureHandle } from '../features/econtract/signature-pad';
import { TypedSignature } from '../features/econtract/typed-signature';
import { sameSitePath } from '../features/checkout/rules';
import { anyProblem, maxName, nameProblem, textProblem } from '../lib/typed-text';
import { econtract as t } from '../strings/zh-hant-econtract';
import { card, factList } from '../ui/card';
import { Field, FormError, formStyle } from '../ui/form-fields';
import { primaryButton, secondaryButton, smallButton } from '../ui/button';
import { taipeiDateTime } from '../ui/date';
import { colour } from '../ui/theme';

/** The longest a contract field's value may be (the server's maxContractField). */
const maxContractField = 500;

const wrap = css`
  max-width: 720px;
  margin: 0 auto;
  padding: 16px 12px 48px;
  h1 { font-size: 22px; margin-bottom: 4px; }
  .version { color: ${colour.muted}; font-size: 14px; margin-bottom: 12px; }
`;
const textBox = css`
  max-height: 610px;
  overflow-y: auto;
  padding: 16px;
  margin-bottom: 8px;
  line-height: 1.75;
  h2, h3 { font-size: 17px; margin: 16px 0 6px; }
  ul, ol { padding-left: 1.4em; }
`;
const hint = css`
  font-size: 14px;
  color: ${colour.muted};
  margin-bottom: 16px;
`;
const modes = css`
  border: 0;
  margin: 0 0 8px;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px 16px;
  legend { font-weight: 600; margin-bottom: 6px; padding: 0; }
  label { display: inline-flex; gap: 6px; align-items: center; font-size: 15px; }
`;
const agreeRow = css`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  font-size: 15px;
`;

export default function EContract({ data }: { data: EContractPage | null }) {
  const page = usePage();
  const ui = useUi();
  const brand = page.brand!;
  const back = sameSitePath(page.query.back);
  const [record, setRecord] = useState<SignedContract | null>(data?.record ?? null);
  const [justSigned, setJustSigned] = useState(false);
  const [read, setRead] = useState(false);
  const [name, setName] = useState(page.user?.name ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const pad = useRef<SignatureHandle>(null);
  const textRef = useRef<HTMLDivElement>(null);
  // once signed, the record takes the focus the submit button had
  const signedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justSigned) signedRef.current?.focus();
  }, [justSigned]);

  const backLink = back ? (
    <a className={primaryButton} href={back} data-testid="contract-back">
      {t.back}
    </a>
  ) : (
    <HomeLink className={secondaryButton}>
      {t.backToShop}
    </HomeLink>
  );

  if (!data) {
    return (
      <section className={wrap}>
        <PageHead title={t.title(t.pageTitle, brand.settings.brandName)} description={t.description} noindex />
        <h1>{t.none}</h1>
        <p className={hint}>{t.noneBody}</p>
        {backLink}
      </section>
    );
  }
  const tpl = data.template;
  const readOnly = data.readOnly || record !== null;

  const checkRead = () => {
    if (!read && textRef.current && readToEnd(textRef.current)) setRead(true);
  };

  const submit = async () => {
    setError('');
    if (!read) return setError(t.needRead);
    const found: Record<string, string> = { signerName: nameProblem(t.signerName, name) };
    for (const f of tpl.fields) found['field-' + f.key] = textProblem(f.label, fields[f.key] ?? '', maxContractField, false);
    setProblems(found);
    if (anyProblem(found)) return;
    const missing = tpl.fields.find((f) => f.required && !(fields[f.key] ?? '').trim());
    if (missing) return setError(t.needField(missing.label));
    if (!pad.current || pad.current.isEmpty()) return setError(mode === 'type' ? t.needTypedSignature : t.needSignature);
    if (!agreed) return setError(t.needAgree);
    if (busy) return;
    setBusy(true);
    try {
      const rec = await signContract({
        brandId: brand.brandId,
        contractId: tpl.id,
        storeId: data.storeId || undefined,
        version: tpl.version,
        textSha256: textSha256(tpl.body), // the text this page showed
        signerName: name.trim(),
        fields,
        signature: pad.current.png(),
      });
      setRecord(rec);
      setJustSigned(true);
      ui.notify(t.done);
    } catch (e) {
      setError(errorText(e)); // e.g. a newer version appeared meanwhile (-56): reload to read it
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={wrap} data-testid="e-contract">
      <PageHead title={t.title(tpl.title, brand.settings.brandName)} description={t.description} noindex />
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
        <div ref={signedRef} className={card} tabIndex={-1} data-testid="contract-signed">
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
      ) : (
        <>
          <p className={hint} data-testid="contract-read-state">
            {read ? t.readDone : t.readHint}
          </p>
          {page.user ? (
            <form className={`${card} ${formStyle}`} noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
              <h2>{t.fields}</h2>
              <Field
                label={t.signerName}
                name="signerName"
                autoComplete="name"
                maxLength={maxName}
                required
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={problems.signerName}
              />
              {tpl.fields.map((f) => (
                <Field
                  key={f.key}
                  label={f.label}
                  name={f.key}
                  maxLength={maxContractField}
                  required={f.required}
                  value={fields[f.key] ?? ''}
                  onChange={(e) => setFields({ ...fields, [f.key]: e.target.value })}
                  error={problems['field-' + f.key]}
                />
              ))}
              <div>
                <fieldset className={modes}>
                  <legend>{t.signatureMode}</legend>
                  <label>
                    <input type="radio" name="signatureMode" value="draw" checked={mode === 'draw'} onChange={() => setMode('draw')} />
                    {t.drawMode}
                  </label>
                  <label>
                    <input type="radio" name="signatureMode" value="type" checked={mode === 'type'} onChange={() => setMode('type')} />
                    {t.typeMode}
                  </label>
                </fieldset>
                {mode === 'draw' ? (
                  <>
                    <p className={hint}>{t.signatureHint}</p>
                    <SignatureBox ref={pad} label={t.signature} disabled={busy} />
                    <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => pad.current?.clear()}>
                      {t.clear}
                    </button>
                  </>
                ) : (
                  <TypedSignature ref={pad} label={t.typedLabel} previewLabel={t.typedPreview} disabled={busy} />
                )}
              </div>
              <label className={agreeRow}>
                <input type="checkbox" name="agree" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
                <span>{t.agree}</span>
              </label>
              <FormError>{error}</FormError>
              <button type="submit" className={primaryButton} disabled={busy || !read}>
                {busy ? t.submitting : t.submit}
              </button>
            </form>
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
    </section>
  );
}
