// A class reminder's cancel link: the mail brings the member to brand
// home with ?cancelBooking={token} (the dialog host opens this). Opening
// it only reads the booking (a link preview changes nothing); confirming
// POSTs the token, which cancels the booking once, by the course's rules.
// A link that no longer holds, or a booking that can no longer be
// cancelled online, gets its message and nothing to retry.
import { useEffect, useRef, useState } from 'react';
import type { CancelLink } from '../../../contract/props';
import { cancelByLink, cancelLinkInfo } from '../api';
import { bookingWhen } from '../rules';
import { errorText } from '../../../lib/api';
import type { DialogProps } from '../../../lib/ui-state';
import { useSubmit } from '../../../lib/use-submit';
import { common } from '../../../strings/zh-hant';
import { dialogs as t } from '../../../strings/zh-hant-booking';
import { Dialog } from '../../../ui/dialog';
import { FormError, formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton } from '../../../ui/button';

export default function CancelLinkDialog({ args, onClose }: DialogProps<'cancelByLink'>) {
  const [info, setInfo] = useState<CancelLink | null>(null);
  const [done, setDone] = useState(false);
  const { busy, error, setError, run } = useSubmit();
  const closer = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let live = true;
    cancelLinkInfo(args.token).then(
      (v) => live && setInfo(v),
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [args.token, setError]);
  useEffect(() => {
    if (done) closer.current?.focus();
  }, [done]);
  const confirm = () =>
    run(async () => {
      setInfo(await cancelByLink(args.token));
      setDone(true);
    });
  const open = info?.cancellable && !done;
  return (
    <Dialog title={t.linkTitle} onClose={onClose} testId="cancel-link-dialog">
      <form className={formStyle} onSubmit={(e) => (e.preventDefault(), confirm())}>
        {done && info ? (
          <p role="status" data-testid="cancel-link-done">
            {t.linkDone(info.courseName)}
          </p>
        ) : info ? (
          <p style={{ color: 'inherit', fontSize: 15 }}>{info.cancellable ? t.linkBody(info.courseName, bookingWhen(info), info.storeName) : info.message}</p>
        ) : error ? null : (
          <p role="status">{common.loading}</p>
        )}
        <FormError>{error}</FormError>
        {open ? (
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
            {t.cancelConfirm}
          </button>
        ) : null}
        <button ref={closer} type="button" className={secondaryButton} onClick={onClose}>
          {open ? t.cancelKeep : t.linkClose}
        </button>
      </form>
    </Dialog>
  );
}
