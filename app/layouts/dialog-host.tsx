// Shows the open dialog. Each dialog is its own chunk, loaded the first
// time it opens, so the first visit carries none of them (a chunk that
// fails to load reloads the page: lib/chunk).
import { Suspense, useEffect, type ComponentType } from 'react';
import { lazyDialog } from '../lib/chunk';
import { useUi, type DialogArgs, type DialogName, type DialogProps } from '../lib/ui-state';
import { usePage } from '../lib/page-context';
import { loginNext } from '../lib/navigation';
import { loggedOutKey } from '../features/members/api';
import { signsInOnWeb } from '../lib/modules';
import { account } from '../strings/zh-hant';

/** sessionStorage key: the complete-info dialog was offered in this tab. */
const completeOffered = 'storefront:complete-info';

/** Each name's dialog, which takes that name's args (tsc checks the pairs). */
const dialogs: { [N in DialogName]: ComponentType<DialogProps<N>> } = {
  login: lazyDialog(() => import('../features/members/dialogs/login-dialog')),
  register: lazyDialog(() => import('../features/members/dialogs/register-dialog')),
  registerSuccess: lazyDialog(() => import('../features/members/dialogs/register-success-dialog')),
  verifyAccount: lazyDialog(() => import('../features/members/dialogs/verify-account-dialog')),
  verifyCode: lazyDialog(() => import('../features/members/dialogs/verify-code-dialog')),
  forgotPassword: lazyDialog(() => import('../features/members/dialogs/forgot-password-dialog')),
  completeInfo: lazyDialog(() => import('../features/members/dialogs/complete-info-dialog')),
  changePassword: lazyDialog(() => import('../features/members/dialogs/change-password-dialog')),
  deleteAccount: lazyDialog(() => import('../features/members/dialogs/delete-account-dialog')),
  refundOrder: lazyDialog(() => import('../features/checkout/dialogs/refund-dialog')),
  cancelBooking: lazyDialog(() => import('../features/booking/dialogs/cancel-booking-dialog')),
  contact: lazyDialog(() => import('../features/booking/dialogs/contact-dialog')),
  checkIn: lazyDialog(() => import('../features/booking/dialogs/check-in-dialog')),
  conflict: lazyDialog(() => import('../features/booking/dialogs/conflict-dialog')),
  timingCardNotEnough: lazyDialog(() => import('../features/booking/dialogs/timing-card-not-enough-dialog')),
  calendar: lazyDialog(() => import('../lib/dialogs/calendar-dialog')),
  checkInQr: lazyDialog(() => import('../features/booking/dialogs/check-in-qr-dialog')),
  holdingQr: lazyDialog(() => import('../features/members/dialogs/holding-qr-dialog')),
  unsubscribe: lazyDialog(() => import('../features/members/dialogs/unsubscribe-dialog')),
  cancelByLink: lazyDialog(() => import('../features/booking/dialogs/cancel-link-dialog')),
  downloadApp: lazyDialog(() => import('../features/brand/dialogs/download-app-dialog')),
};

/** Shown for a login or register on a brand whose members sign in only in its app. */
const AppSignIn = lazyDialog(() => import('../features/members/dialogs/app-sign-in-dialog'));

/** Query parameters of links that open a dialog on arrival. */
export const arrivalQuery = { unsubscribe: 'unsubscribe', cancelBooking: 'cancelBooking', appDownload: 'appDownload', line: 'line' } as const;

export function DialogHost() {
  const { dialog, open, close, notify } = useUi();
  const page = usePage();
  const missing = page.user?.missingFields.length ?? 0;
  // a member missing required fields is asked for them once per tab
  useEffect(() => {
    if (!missing || page.query.privateToken || page.webview || sessionStorage.getItem(completeOffered)) return;
    sessionStorage.setItem(completeOffered, '1');
    open('completeInfo', { mode: 'complete' });
  }, [missing, open, page.query.privateToken, page.webview]);
  // a visitor sent here from a member page (?login=path): the login
  // dialog, then that page; not right after logging out of it
  const asked = page.query.login;
  useEffect(() => {
    if (asked === undefined) {
      sessionStorage.removeItem(loggedOutKey); // a logout on a page anyone sees
      return;
    }
    const url = new URL(window.location.href);
    url.searchParams.delete('login');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    const justOut = sessionStorage.getItem(loggedOutKey);
    sessionStorage.removeItem(loggedOutKey);
    const next = loginNext(asked, page.basePath, window.location.origin);
    if (!page.user && next && !justOut) open('login', { next });
  }, [asked, open, page.user, page.basePath]);
  // links that open a dialog on arrival: a notification mail's unsubscribe
  // link, a class reminder's cancel link, a computer sent on from
  // /appDownloadRedirect, a LINE login back from LINE (?line=register: a
  // new LINE user's registration form; ?line=linked: LINE now linked).
  // Read from the
  // address, not the props (a cached page keeps no such query), and taken
  // off it, so the token stays out of the history and a reload.
  const promote = page.brand?.settings.brandPromoteInfo;
  const hasApp = !!(promote?.iosAppLink || promote?.androidAppLink) && !page.webview;
  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get(arrivalQuery.unsubscribe);
    const cancel = url.searchParams.get(arrivalQuery.cancelBooking);
    const app = url.searchParams.has(arrivalQuery.appDownload);
    const line = url.searchParams.get(arrivalQuery.line);
    if (token === null && cancel === null && !app && line === null) return;
    url.searchParams.delete(arrivalQuery.unsubscribe);
    url.searchParams.delete(arrivalQuery.cancelBooking);
    url.searchParams.delete(arrivalQuery.appDownload);
    url.searchParams.delete(arrivalQuery.line);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    if (token) open('unsubscribe', { token });
    else if (cancel) open('cancelByLink', { token: cancel });
    else if (app && hasApp) open('downloadApp', {});
    else if (line === 'register') open('register', { line: true });
    else if (line === 'linked') notify(account.lineLinked);
  }, [open, notify, hasApp]);
  if (!dialog) return null;
  const inApp = (dialog.name === 'login' || dialog.name === 'register') && !signsInOnWeb(page.brand?.settings.additionalModules);
  return <Suspense fallback={null}>{inApp ? <AppSignIn onClose={close} /> : shown(dialog, close)}</Suspense>;
}

/** The dialog named name with its args. */
function shown<N extends DialogName>({ name, args }: { name: N; args: DialogArgs[N] }, onClose: () => void) {
  const D: ComponentType<DialogProps<N>> = dialogs[name];
  return <D args={args} onClose={onClose} />;
}
