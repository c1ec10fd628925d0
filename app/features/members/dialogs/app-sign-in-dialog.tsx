// A brand whose members sign in only in its app (no MEMBER_SIGN_IN, the
// host refuses a web login): every login or register the page asks for
// says so instead, with the brand's app when it has one.
import { usePage } from '../../../lib/page-context';
import { useUi } from '../../../lib/ui-state';
import { account as t, downloadApp } from '../../../strings/zh-hant';
import { Dialog } from '../../../ui/dialog';
import { formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton } from '../../../ui/button';

export default function AppSignInDialog({ onClose }: { onClose: () => void }) {
  const page = usePage();
  const ui = useUi();
  const s = page.brand!.settings;
  const hasApp = !!(s.brandPromoteInfo.iosAppLink || s.brandPromoteInfo.androidAppLink);
  return (
    <Dialog title={t.inAppTitle} onClose={onClose} width={460} testId="app-sign-in-dialog">
      <div className={formStyle}>
        <p style={{ color: 'inherit', fontSize: 15 }}>{t.inAppBody(s.brandName)}</p>
        {hasApp ? (
          <button type="button" className={secondaryButton} onClick={() => ui.open('downloadApp', {})}>
            {downloadApp.open}
          </button>
        ) : null}
        <button type="button" className={primaryButton} onClick={onClose}>
          {t.inAppClose}
        </button>
      </div>
    </Dialog>
  );
}
