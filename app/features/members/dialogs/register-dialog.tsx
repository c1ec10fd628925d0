// Register: the account's fields and the brand's required custom fields
// (its schema decides which; the optional ones wait for the profile), and
// the terms. Each error shows at its field, the server's too (its answer
// names the field); the form-level line is for what belongs to no field.
// On success the new member is logged in on this very page, and the
// registration-success dialog says the verification mail is on its way
// (its link leads back here). With args.line, a LINE user back from LINE
// (?line=register) registers: no password (LINE is the way in), the name
// and e-mail LINE gave filled in.
import { useEffect, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api';
import { register, customFieldSchema, linePending, lineRegister } from '../api';
import { passwordDigest, minPasswordLength, newPasswordProblem } from '../password';
import { usePage } from '../../../lib/page-context';
import { useUi, type DialogProps } from '../../../lib/ui-state';
import { wayBack } from '../../../lib/navigation';
import type { CustomField } from '../../../contract/props';
import { common, account } from '../../../strings/zh-hant';
import { auth as t, line as tl } from '../../../strings/zh-hant-members';
import { Dialog } from '../../../ui/dialog';
import { CustomFieldInput, Field, FormError, formStyle, row } from '../../../ui/form-fields';
import { TermsCheckbox } from '../../../lib/terms-checkbox';
import { linkButton, primaryButton } from '../../../ui/button';
import { useRefresh, useSubmit } from '../../../lib/use-submit';
import { useNativeValues } from '../../../lib/use-native-values';
import { prefillFields } from '../../../lib/app-bridge';
import { anyProblem, customFieldProblems, maxName, nameProblem } from '../../../lib/typed-text';
import { LineLoginButton } from '../components/line-login-button';

/** The account's fields, by their names in the request (confirm is the form's own), and those the server may name. */
type AccountField = 'email' | 'password' | 'confirm' | 'name' | 'acceptTerms';
const accountFields: string[] = ['email', 'password', 'name', 'acceptTerms'];
const customPrefix = 'customFields.';

export default function RegisterDialog({ args }: DialogProps<'register'>) {
  const withLine = !!args.line;
  const page = usePage();
  const ui = useUi();
  const refresh = useRefresh();
  const brand = page.brand!;
  const [schema, setSchema] = useState<CustomField[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [form, setForm] = useState({ email: '', password: '', confirm: '', name: '', terms: false });
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Partial<Record<AccountField, string>>>({});
  const [fieldProblems, setFieldProblems] = useState<Record<string, string>>({});
  const { busy, error, setError, run } = useSubmit();
  useEffect(() => {
    customFieldSchema(brand.brandId)
      .then((all) => setSchema(all.filter((f) => f.required)))
      .catch((e) => setLoadError(errorText(e) || t.schemaFailed));
  }, [brand.brandId]);
  // a LINE user: what LINE gave (the e-mail only if the user shared it)
  const [lineEmail, setLineEmail] = useState<string | null>(null);
  useEffect(() => {
    if (!withLine) return;
    linePending(brand.brandId)
      .then((p) => {
        setLineEmail(p.email);
        setForm((f) => ({ ...f, email: f.email || p.email, name: f.name || p.name }));
      })
      .catch((e) => setLoadError(errorText(e) || tl.pendingGone));
  }, [brand.brandId, withLine]);
  // in the app, its name, e-mail and phone fill what is still empty
  const native = useNativeValues();
  useEffect(() => {
    if (!native) return;
    setForm((f) => ({ ...f, email: f.email || native.email || '', name: f.name || native.name || '' }));
    if (schema) setValues((v) => prefillFields(schema, v, native));
  }, [native, schema]);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  // a refusal of the server goes to the field it names, if the form shows it
  const placed = (e: unknown) => {
    const field = e instanceof ApiError ? e.field : '';
    const key = field.startsWith(customPrefix) ? field.slice(customPrefix.length) : '';
    if (key && schema?.some((f) => f.key === key)) setFieldProblems({ [key]: errorText(e) });
    else if (accountFields.includes(field)) setProblems({ [field]: errorText(e) });
    else throw e;
  };
  const submit = () => {
    const password = withLine ? '' : newPasswordProblem(form.password, form.confirm);
    const found: Partial<Record<AccountField, string>> = {
      email: form.email.trim() ? '' : t.fieldRequired(t.email),
      password: password === t.passwordMismatch ? '' : password,
      confirm: password === t.passwordMismatch ? password : '',
      name: nameProblem(t.name, form.name),
      acceptTerms: form.terms ? '' : t.termsRequired,
    };
    const custom = customFieldProblems(schema ?? [], values);
    setProblems(found);
    setFieldProblems(custom);
    setError('');
    if (anyProblem(found) || anyProblem(custom)) return;
    return run(async () => {
      try {
        const res = withLine
          ? await lineRegister({ brandId: brand.brandId, email: form.email, name: form.name, customFields: values, acceptTerms: form.terms })
          : await register({
              brandId: brand.brandId,
              email: form.email,
              password: passwordDigest(form.password),
              name: form.name,
              customFields: values,
              acceptTerms: form.terms,
              next: wayBack(window.location.pathname + window.location.search, page.basePath) || undefined,
            });
        // logged in: the page comes back with the member, then says the mail is on its way
        await refresh();
        if (res.mailSent) ui.open('registerSuccess', { email: res.user.email });
        else {
          ui.close();
          ui.notify(t.mailNotSent, 'error', 6000);
        }
      } catch (e) {
        placed(e);
      }
    });
  };
  return (
    <Dialog title={withLine ? tl.registerTitle : t.registerTitle} onClose={ui.close} testId="register-dialog">
      <form className={formStyle} noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
        {withLine ? <p>{tl.registerLead}</p> : null}
        {withLine && lineEmail === '' ? <p>{tl.emailNotShared}</p> : null}
        <Field label={t.email} type="email" name="email" autoComplete="email" maxLength={254} required value={form.email} onChange={set('email')} error={problems.email} />
        {withLine ? null : (
          <>
            <Field label={t.password} type="password" name="password" autoComplete="new-password" minLength={minPasswordLength} hint={t.passwordHint} required value={form.password} onChange={set('password')} error={problems.password} />
            <Field label={t.passwordConfirm} type="password" name="confirm" autoComplete="new-password" required value={form.confirm} onChange={set('confirm')} error={problems.confirm} />
          </>
        )}
        <Field label={t.name} name="name" autoComplete="name" maxLength={maxName} required value={form.name} onChange={set('name')} error={problems.name} />
        {schema === null && !loadError ? <p>{common.loading}</p> : null}
        <FormError>{loadError}</FormError>
        {(schema ?? []).map((f) => (
          <CustomFieldInput key={f.key} field={f} value={values[f.key] ?? ''} onChange={(v) => setValues({ ...values, [f.key]: v })} error={fieldProblems[f.key]} />
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
          error={problems.acceptTerms}
        />
        <FormError>{error}</FormError>
        <button type="submit" className={primaryButton} disabled={busy || schema === null || (withLine && lineEmail === null)}>
          {t.registerSubmit}
        </button>
        {withLine ? null : <LineLoginButton />}
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
