// Register: account fields, the brand's custom fields (its schema drives
// the form), and the terms. On success the registration-success dialog
// opens.
import { useEffect, useState } from 'react';
import { errorText } from '../../../lib/api';
import { register, customFieldSchema } from '../api';
import { passwordDigest, minPasswordLength, newPasswordProblem } from '../password';
import { usePage } from '../../../lib/page-context';
import { useUi } from '../../../lib/ui-state';
import type { CustomField } from '../../../contract/props';
import { common, account } from '../../../strings/zh-hant';
import { auth as t } from '../../../strings/zh-hant-members';
import { Dialog } from '../../../ui/dialog';
import { CustomFieldInput, Field, FormError, formStyle, row } from '../../../ui/form-fields';
import { TermsCheckbox } from '../../../lib/terms-checkbox';
import { linkButton, primaryButton } from '../../../ui/button';
import { useSubmit } from '../../../lib/use-submit';
import { useNativeValues } from '../../../lib/use-native-values';
import { prefillFields } from '../../../lib/app-bridge';
import { anyProblem, customFieldProblems, maxName, nameProblem } from '../../../lib/typed-text';

export default function RegisterDialog() {
  const page = usePage();
  const ui = useUi();
  const brand = page.brand!;
  const [schema, setSchema] = useState<CustomField[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [form, setForm] = useState({ email: '', password: '', confirm: '', name: '', terms: false });
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { busy, error, setError, run } = useSubmit();
  useEffect(() => {
    customFieldSchema(brand.brandId)
      .then(setSchema)
      .catch((e) => setLoadError(errorText(e) || t.schemaFailed));
  }, [brand.brandId]);
  // in the app, its name, e-mail and phone fill what is still empty
  const native = useNativeValues();
  useEffect(() => {
    if (!native) return;
    setForm((f) => ({ ...f, email: f.email || native.email || '', name: f.name || native.name || '' }));
    if (schema) setValues((v) => prefillFields(schema, v, native));
  }, [native, schema]);
  const set = (k: keyof typeof form) => (e: { target: { value: string; checked?: boolean } }) =>
    setForm({ ...form, [k]: k === 'terms' ? !!e.target.checked : e.target.value });
  const submit = () => {
    const found = { ...customFieldProblems(schema ?? [], values), name: nameProblem(t.name, form.name) };
    setProblems(found);
    if (anyProblem(found)) return setError('');
    const weak = newPasswordProblem(form.password, form.confirm);
    if (weak) return setError(weak);
    if (!form.terms) return setError(t.termsRequired);
    return run(async () => {
      const res = await register({
          brandId: brand.brandId,
          email: form.email,
          password: passwordDigest(form.password),
          name: form.name,
          customFields: values,
          acceptTerms: form.terms,
      });
      if (res.mailSent) ui.open('registerSuccess', { email: res.email });
      else {
        ui.close();
        ui.notify(t.mailNotSent, 'error', 6000);
      }
    });
  };
  return (
    <Dialog title={t.registerTitle} onClose={ui.close} testId="register-dialog">
      <form className={formStyle} onSubmit={(e) => (e.preventDefault(), submit())}>
        <Field label={t.email} type="email" name="email" autoComplete="email" maxLength={254} required value={form.email} onChange={set('email')} />
        <Field label={t.password} type="password" name="password" autoComplete="new-password" minLength={minPasswordLength} hint={t.passwordHint} required value={form.password} onChange={set('password')} />
        <Field label={t.passwordConfirm} type="password" name="confirm" autoComplete="new-password" required value={form.confirm} onChange={set('confirm')} />
        <Field label={t.name} name="name" autoComplete="name" maxLength={maxName} required value={form.name} onChange={set('name')} error={problems.name} />
        {schema === null && !loadError ? <p>{common.loading}</p> : null}
        <FormError>{loadError}</FormError>
        {(schema ?? []).map((f) => (
          <CustomFieldInput key={f.key} field={f} value={values[f.key] ?? ''} onChange={(v) => setValues({ ...values, [f.key]: v })} error={problems[f.key]} />
        ))}
        <TermsCheckbox
          checked={form.terms}
          onChange={(v) => setForm({ ...form, terms: v })}
          lead={t.terms(brand.settings.brandName)}
          and={t.and}
          docs={[
            [t.termsLink, 'terms'],
            [t.privacyLink, 'privacy'],
          ]}
        />
        <FormError>{error}</FormError>
        <button type="submit" className={primaryButton} disabled={busy || schema === null}>
          {t.registerSubmit}
        </button>
        <div className={row} style={{ justifyContent: 'center' }}>
          <span>
            {t.haveAccount}{' '}
            <button type="button" className={linkButton} onClick={() => ui.open('login', { email: form.email })}>
              {account.login}
            </button>
          </span>
        </div>
      </form>
    </Dialog>
  );
}
