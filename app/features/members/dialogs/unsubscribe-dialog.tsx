// Unsubscribe (spec section 2): a notification mail's one-click link
// brings the member to brand home with ?unsubscribe={token} (the dialog
// host opens this). Confirming POSTs the token to RFC 8058's endpoint,
// same-origin; the answer is reported here. A forged or expired link gets
// its error (-59) and nothing to retry.
import { useEffect, useRef, useState } from 'react';
import { unsubscribeByLink } from '../api';
import { ApiError } from '../../../lib/api';
import { usePage } from '../../../lib/page-context';
import type { DialogProps } from '../../../lib/ui-state';
import { useSubmit } from '../../../lib/use-submit';
import { codes } from '../../../contract/generated/codes';
import { unsubscribeDialog as t } from '../../../strings/zh-hant-members';
import { Dialog } from '../../../ui/dialog';
import { FormError, formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton } from '../../../ui/button';

export default function UnsubscribeDialog({ args, onClose }: DialogProps<'unsubscribe'>) {
  const brand = usePage().brand!;
  const { busy, error, run } = useSubmit();
  const [done, setDone] = useState(false);
  const [dead, setDead] = useState(false); // the link is no good: nothing to retry
  // the confirm button goes once answered: focus to the button that closes
  const closer = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (done || dead) closer.current?.focus();
  }, [done, dead]);
  const confirm = () =>
    run(async () => {
      try {
        await unsubscribeByLink(args.token);
        setDone(true);
      } catch (e) {
        if (e instanceof ApiError && e.code === codes.LinkTokenInvalid) setDead(true);
        throw e;
      }
    });
  return (
    <Dialog title={t.title} onClose={onClose} testId="unsubscribe-dialog">
      {done ? (
        <div className={formStyle}>
          <p role="status" data-testid="unsubscribe-done">{t.done}</p>
          <button ref={closer} type="button" className={primaryButton} onClick={onClose}>
            {t.close}
          </button>
        </div>
      ) : (
        <form className={formStyle} onSubmit={(e) => (e.preventDefault(), confirm())}>
          {dead ? null : <p>{t.ask(brand.settings.brandName)}</p>}
          <FormError>{error}</FormError>
          {dead ? null : (
            <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
              {t.confirm}
            </button>
          )}
          <button ref={closer} type="button" className={secondaryButton} onClick={onClose}>
            {dead ? t.close : t.keep}
          </button>
        </form>
      )}
    </Dialog>
  );
}
