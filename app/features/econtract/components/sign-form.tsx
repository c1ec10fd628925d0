// The signing form: the signer's name, the contract's fields, the
// signature (drawn, or without a pointer typed) and the agreement; its
// values in one reducer. Sends the text's hash with the signature, so the
// server refuses a signature of any other text.
import { useReducer, useRef, useState } from 'react';
import { css } from '@emotion/css';
import type { EContractPage, SignedContract } from '../../../contract/props';
import { usePage } from '../../../lib/page-context';
import { errorText } from '../../../lib/api';
import { anyProblem, maxName } from '../../../lib/typed-text';
import { card } from '../../../ui/card';
import { Field, FormError, formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton, smallButton } from '../../../ui/button';
import { econtract as t } from '../../../strings/zh-hant-econtract';
import { signContract } from '../api';
import { maxContractField, missingField, signProblems, textSha256 } from '../rules';
import { SignatureBox, type SignatureHandle } from './signature-pad';
import { TypedSignature } from './typed-signature';
import { hint } from './sheet';

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

interface Values {
  name: string;
  fields: Record<string, string>;
  mode: 'draw' | 'type';
  agreed: boolean;
}

const merge = (v: Values, change: Partial<Values>): Values => ({ ...v, ...change });

/** read: the text was read to its end (signing waits for it); onSigned gets the record. */
export function SignForm({ data, read, onSigned }: { data: EContractPage; read: boolean; onSigned: (record: SignedContract) => void }) {
  const page = usePage();
  const tpl = data.template;
  const [v, change] = useReducer(merge, { name: page.user?.name ?? '', fields: {}, mode: 'draw', agreed: false });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const pad = useRef<SignatureHandle>(null);

  const submit = async () => {
    setError('');
    if (!read) return setError(t.needRead);
    const found = signProblems(v.name, tpl.fields, v.fields);
    setProblems(found);
    if (anyProblem(found)) return;
    const missing = missingField(tpl.fields, v.fields);
    if (missing) return setError(t.needField(missing.label));
    if (!pad.current || pad.current.isEmpty()) return setError(v.mode === 'type' ? t.needTypedSignature : t.needSignature);
    if (!v.agreed) return setError(t.needAgree);
    if (busy) return;
    setBusy(true);
    try {
      onSigned(
        await signContract({
          brandId: page.brand!.brandId,
          contractId: tpl.id,
          storeId: data.storeId || undefined,
          version: tpl.version,
          textSha256: textSha256(tpl.body), // the text this page showed
          signerName: v.name.trim(),
          fields: v.fields,
          signature: pad.current.png(),
        }),
      );
    } catch (e) {
      setError(errorText(e)); // e.g. a newer version appeared meanwhile (-56): reload to read it
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={`${card} ${formStyle}`} noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <h2>{t.fields}</h2>
      <Field
        label={t.signerName}
        name="signerName"
        autoComplete="name"
        maxLength={maxName}
        required
        value={v.name}
        onChange={(e) => change({ name: e.target.value })}
        error={problems.signerName}
      />
      {tpl.fields.map((f) => (
        <Field
          key={f.key}
          label={f.label}
          name={f.key}
          maxLength={maxContractField}
          required={f.required}
          value={v.fields[f.key] ?? ''}
          onChange={(e) => change({ fields: { ...v.fields, [f.key]: e.target.value } })}
          error={problems['field-' + f.key]}
        />
      ))}
      <div>
        <fieldset className={modes}>
          <legend>{t.signatureMode}</legend>
          <label>
            <input type="radio" name="signatureMode" value="draw" checked={v.mode === 'draw'} onChange={() => change({ mode: 'draw' })} />
            {t.drawMode}
          </label>
          <label>
            <input type="radio" name="signatureMode" value="type" checked={v.mode === 'type'} onChange={() => change({ mode: 'type' })} />
            {t.typeMode}
          </label>
        </fieldset>
        {v.mode === 'draw' ? (
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
        <input type="checkbox" name="agree" checked={v.agreed} onChange={(e) => change({ agreed: e.target.checked })} />
        <span>{t.agree}</span>
      </label>
      <FormError>{error}</FormError>
      <button type="submit" className={primaryButton} disabled={busy || !read}>
        {busy ? t.submitting : t.submit}
      </button>
    </form>
  );
}
