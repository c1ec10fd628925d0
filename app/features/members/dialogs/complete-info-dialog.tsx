// Complete info (a member missing required custom fields), contact info
// (checkout's precheck found required fields empty: fill them, then retry)
// and profile editing: the brand's custom fields, posted to /api/user/edit.
import { useEffect, useState } from 'react';
import { errorText } from '../../../lib/api';
import { editUser, customFieldSchema } from '../api';
import { usePage } from '../../../lib/page-context';
import { useUi, type DialogProps } from '../../../lib/ui-state';
import type { CustomField } from '../../../contract/props';
import { common } from '../../../strings/zh-hant';
import { auth as t } from '../../../strings/zh-hant-members';
import { refusal as tc } from '../../../strings/zh-hant-checkout';
import { Dialog } from '../../../ui/dialog';
import { CustomFieldInput, Field, FormError, formStyle } from '../../../ui/form-fields';
import { primaryButton } from '../../../ui/button';
import { useRefresh, useSubmit } from '../../../lib/use-submit';
import { useNativeValues } from '../../../lib/use-native-values';
import { prefillFields } from '../../../lib/app-bridge';
import { anyProblem, customFieldProblems, maxName, nameProblem } from '../../../lib/typed-text';

export default function CompleteInfoDialog({ args }: DialogProps<'completeInfo'>) {
  const page = usePage();
  const ui = useUi();
  const refresh = useRefresh();
  const user = page.user!;
  const brandId = page.brand!.brandId;
  const [schema, setSchema] = useState<CustomField[] | null>(null);
  const [name, setName] = useState(user.name);
  const [values, setValues] = useState<Record<string, string>>(user.customFields);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { busy, error, setError, run } = useSubmit();
  useEffect(() => {
    customFieldSchema(brandId)
      .then(setSchema)
      .catch((e) => setError(errorText(e)));
  }, [brandId, setError]);
  // in the app, its phone and e-mail fill the empty contact fields
  const native = useNativeValues();
  useEffect(() => {
    if (native && schema) setValues((v) => prefillFields(schema, v, native));
  }, [native, schema]);
  const editing = args.mode === 'edit';
  const contact = args.mode === 'contact';
  const fields = (schema ?? []).filter((f) => editing || user.missingFields.includes(f.key) || (contact && f.required && !user.customFields[f.key]));
  const submit = () => {
    const found = { ...customFieldProblems(fields, values), name: editing ? nameProblem(t.name, name) : '' };
    setProblems(found);
    if (anyProblem(found)) return setError('');
    return run(async () => {
      const customFields: Record<string, string> = {};
      for (const f of fields) customFields[f.key] = values[f.key] ?? '';
      await editUser(editing ? { brandId, name, customFields } : { brandId, customFields });
      ui.close();
      ui.notify(t.saved);
      refresh();
      args.then?.();
    });
  };
  return (
    <Dialog title={editing ? t.profileTitle : contact ? tc.contactTitle : t.completeTitle} onClose={ui.close} testId={contact ? 'contact-info-dialog' : 'complete-info-dialog'}>
      <form className={formStyle} onSubmit={(e) => (e.preventDefault(), submit())}>
        {editing ? null : <p>{contact ? tc.contactBody : t.completeBody}</p>}
        {editing ? (
          <Field label={t.name} name="name" autoComplete="name" maxLength={maxName} required value={name} onChange={(e) => setName(e.target.value)} error={problems.name} />
        ) : null}
        {schema === null && !error ? <p>{common.loading}</p> : null}
        {fields.map((f) => (
          <CustomFieldInput key={f.key} field={f} value={values[f.key] ?? ''} onChange={(v) => setValues({ ...values, [f.key]: v })} error={problems[f.key]} />
        ))}
        <FormError>{error}</FormError>
        <button type="submit" className={primaryButton} disabled={busy || schema === null}>
          {contact ? tc.contactSubmit : t.save}
        </button>
      </form>
    </Dialog>
  );
}
