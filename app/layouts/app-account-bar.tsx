// In the app's webview the header is hidden (spec section 1), so a visitor
// who is not logged in gets the login and register entry points here.
import { css } from '@emotion/css';
import { usePage } from '../lib/page-context';
import { useUi } from '../lib/ui-state';
import { account } from '../strings/zh-hant';
import { primaryButton, secondaryButton, smallButton } from '../ui/button';

const bar = css`
  display: flex;
  gap: 8px;
  justify-content: flex-end;
  align-items: center;
  padding: 8px 16px 0;
`;

export function AppAccountBar() {
  const page = usePage();
  const ui = useUi();
  if (!page.webview || page.user || !page.brand) return null;
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
