// The member centre's 暫停會籍: the form asking for a freeze (reason,
// first and last day, the evidence; each refusal at its field) and the
// member's requests with their states.
import { useEffect, useState } from 'react';
import { css } from '@emotion/css';
import type { Freeze } from '../../../contract/props';
import { ApiError, errorText } from '../../../lib/api';
import { kept, usePage } from '../../../lib/page-context';
import { useUi } from '../../../lib/ui-state';
import { freeze as t } from '../../../strings/zh-hant-members';
import { badge, badgeMuted, card } from '../../../ui/card';
import { Field, FormError, SelectField, formStyle } from '../../../ui/form-fields';
import { primaryButton } from '../../../ui/button';
import { sectionTitle } from '../../../ui/section-title';
import { colour } from '../../../ui/theme';
import { freezes, requestFreeze } from '../api';

const section = css`
  margin-bottom: 24px;
  p { margin: 0 0 12px; font-size: 14px; line-height: 1.6; color: ${colour.muted}; }
  ul { list-style: none; margin: 16px 0 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
  li { border-top: 1px solid ${colour.line}; padding-top: 10px; font-size: 15px; display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: center; }
  li small { flex-basis: 100%; color: ${colour.muted}; font-size: 13px; }
`;
const dates = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 12px;
  input { width: 100%; min-width: 0; }
`;

const fields = ['reason', 'start', 'end', 'evidence'] as const;
type Form = Record<(typeof fields)[number], string>;
const empty: Form = { reason: '', start: '', end: '', evidence: '' };

/**
 * Kept by the server's runtime (lib/page-context kept): its first render
 * is every member's (an empty form, the list loading), so its fields have
 * ids of their own, not useId's.
 */
export const FreezeSection = kept('FreezeSection', function FreezeSection() {
  const page = usePage();
  const ui = useUi();
  const brandId = page.brand!.brandId;
  const [list, setList] = useState<Freeze[] | null>(null);
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<Partial<Form>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    freezes(brandId).then(setList, (e) => setFormError(errorText(e)));
  }, [brandId]);
  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setErrors({});
    setFormError('');
    try {
      const f = await requestFreeze({ brandId, ...form });
      setList((l) => [f, ...(l ?? [])]);
      setForm(empty);
      ui.notify(t.sent);
    } catch (e) {
      const field = e instanceof ApiError ? fields.find((k) => k === e.field) : undefined;
      if (field) setErrors({ [field]: errorText(e) });
      else setFormError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`${card} ${section}`} aria-labelledby="freeze-title" data-testid="freeze-section">
      <h3 id="freeze-title" className={sectionTitle}>{t.title}</h3>
      <p>{t.intro}</p>
      <form className={formStyle} noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
        <SelectField id="freeze-reason" label={t.reason} name="reason" required options={Object.entries(t.reasons)} value={form.reason} onChange={set('reason')} error={errors.reason} />
        <div className={dates}>
          <Field id="freeze-start" label={t.start} name="start" type="date" required value={form.start} error={errors.start} onChange={(e) => set('start')(e.target.value)} />
          <Field id="freeze-end" label={t.end} name="end" type="date" required value={form.end} error={errors.end} onChange={(e) => set('end')(e.target.value)} />
        </div>
        <Field id="freeze-evidence" label={t.evidence} name="evidence" hint={t.evidenceHint} maxLength={500} value={form.evidence} error={errors.evidence} onChange={(e) => set('evidence')(e.target.value)} />
        <FormError>{formError}</FormError>
        <button type="submit" className={primaryButton} disabled={busy}>
          {t.submit}
        </button>
      </form>
      <h4 className={sectionTitle}>{t.list}</h4>
      {list === null ? (
        <p>{t.loading}</p>
      ) : list.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul data-testid="freeze-list">
          {list.map((f) => (
            <li key={f.id} data-state={f.state}>
              <span className={f.state === 'rejected' || f.state === 'ended' ? `${badge} ${badgeMuted}` : badge}>{t.states[f.state] ?? f.state}</span>
              <span>{t.reasons[f.reason] ?? f.reason}</span>
              <span>{t.span(f.start, f.end)}</span>
              {f.state === 'requested' ? <small>{t.decideBy(f.decideBy)}</small> : null}
              {f.decidedNote ? <small>{t.note(f.decidedNote)}</small> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
