// In the app's webview the header is hidden (spec section 1), so a visitor
// who is not logged in gets the login and register entry points here; and
// when the app supplies its session id, the page logs in with it (once per
// id and tab, so a dead session does not reload the page again and again).
import { useEffect } from 'react';
import { css } from '@emotion/css';
import { useNativeValues } from '../lib/use-native-values';
import { appSessionLogin } from '../features/members/api';
import { usePage } from '../lib/page-context';
import { useUi } from '../lib/ui-state';
import { account } from '../strings/zh-hant';
import { primaryButton, secondaryButton, smallButton } from '../ui/button';
import { signsInOnWeb } from '../lib/modules';
import { InAppNote } from '../features/members/components/account-area';

const bar = css`
  display: flex;
  gap: 8px;
  justify-content: flex-end;
  align-items: center;
  padding: 8px 16px 0;
`;

const triedKey = 'storefront:app-session-tried';

export function AppAccountBar() {
  const page = usePage();
  const ui = useUi();
  const sessionId = useNativeValues()?.sessionId;
  const wanted = page.webview && !page.user && !!page.brand && !!sessionId;
  useEffect(() => {
    if (!wanted || sessionStorage.getItem(triedKey) === sessionId) return;
    sessionStorage.setItem(triedKey, sessionId!);
    const path = window.location.pathname + (window.location.search ? window.location.search + '&' : '?') + 'from=app';
    void appSessionLogin(path, sessionId!).then((ok) => ok && window.location.reload());
  }, [wanted, sessionId]);
  if (!page.webview || page.user || !page.brand) return null;
  if (!signsInOnWeb(page.brand.settings.additionalModules)) {
    return (
      <div className={bar} data-testid="app-account-bar">
        <InAppNote />
      </div>
    );
  }
  return (
    <div className={bar} data-testid="app-account-bar">
      <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => ui.open('register', {})}>
        {account.register}
      </button>
      <button type="button" className={`${primaryButton} ${smallButton}`} onClick={() => ui.open('login', { next: page.url })}>
        {account.login}
      </button>
    </div>
  );
}
