// The precheck's refusals, each its own dialog (spec section 2):
// pre-check (the order changed: reload), check error (the account may not
// buy; an unverified e-mail can be verified from here), plan not enabled,
// commodity not found, please sign (links to the e-contract route). The
// contact-info refusal has a form: contact-info-dialog.
import type { RefusalKind } from '../rules';
import { useUi } from '../../../lib/ui-state';
import { Link } from '../../../lib/navigation';
import { refusal as t } from '../../../strings/zh-hant-checkout';
import { Dialog } from '../../../ui/dialog';
import { formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton } from '../../../ui/button';

/** The refusals this dialog shows (contact info has its own, login the login dialog). */
export type NoticeKind = Exclude<RefusalKind, 'contactInfo' | 'login'>;

const titles: Record<NoticeKind, string> = {
  precheck: t.precheckTitle,
  checkError: t.checkErrorTitle,
  unverified: t.checkErrorTitle,
  planNotEnabled: t.planTitle,
  commodityNotFound: t.commodityTitle,
  pleaseSign: t.signTitle,
};
const bodies: Record<NoticeKind, string> = {
  precheck: t.precheckBody,
  checkError: t.checkErrorBody,
  unverified: t.unverifiedBody,
  planNotEnabled: t.planBody,
  commodityNotFound: t.commodityBody,
  pleaseSign: t.signBody,
};
const testIds: Record<NoticeKind, string> = {
  precheck: 'pre-check-dialog',
  checkError: 'check-error-dialog',
  unverified: 'check-error-dialog',
  planNotEnabled: 'plan-not-enabled-dialog',
  commodityNotFound: 'commodity-not-found-dialog',
  pleaseSign: 'please-sign-dialog',
};

/**
 * kind: which refusal; message: the server's line for it (shown under the
 * dialog's own text when it adds something); links: where its actions go.
 */
export default function RefusalDialog({ kind, message, shopHref, contractHref, email, onReload, onClose }: {
  kind: NoticeKind;
  message: string;
  shopHref: string;
  contractHref: string;
  email: string;
  onReload: () => void;
  onClose: () => void;
}) {
  const ui = useUi();
  const body = bodies[kind];
  let action = (
    <button type="button" className={primaryButton} onClick={onClose}>
      {t.close}
    </button>
  );
  if (kind === 'precheck') {
    action = (
      <button type="button" className={primaryButton} onClick={onReload}>
        {t.reload}
      </button>
    );
  } else if (kind === 'unverified') {
    action = (
      <button type="button" className={primaryButton} onClick={() => (onClose(), ui.open('verifyAccount', { email }))}>
        {t.verifyNow}
      </button>
    );
  } else if (kind === 'commodityNotFound') {
    action = (
      <Link className={primaryButton} href={shopHref}>
        {t.backToShop}
      </Link>
    );
  } else if (kind === 'pleaseSign') {
    action = (
      <Link className={primaryButton} href={contractHref}>
        {t.signLink}
      </Link>
    );
  }
  return (
    <Dialog title={titles[kind]} onClose={onClose} testId={testIds[kind]}>
      <div className={formStyle}>
        <p>{body}</p>
        {message && message !== body ? <p data-testid="refusal-message">{message}</p> : null}
        {action}
        {kind === 'precheck' || kind === 'unverified' ? (
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t.close}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
