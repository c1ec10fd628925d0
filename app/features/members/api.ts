// The members' API calls (sessions, verification, the member's data), typed.
import { call } from '../../lib/api';
import { cookies } from '../../contract/generated/shared';
import type { CustomField, HoldingQR, ChangePasswordRequest, DeleteAccountRequest, EditUserRequest, Freeze, FreezeRequest, Freezes, LineAuthorize, LinePending, LineRegisterRequest, LineStatus, NotifyChoice, NotifyChoices, LoginAnswer, LoginRequest, RegisterLoginAnswer, RegisterRequest, ResendType, Unsubscribed, User } from '../../contract/props';

export function login(body: LoginRequest): Promise<LoginAnswer> {
  return call<LoginAnswer>('/api/session/login', { body });
}

/** Registers and logs the new member in (the session cookie is set). */
export function register(body: RegisterRequest): Promise<RegisterLoginAnswer> {
  return call<RegisterLoginAnswer>('/api/session/register', { body });
}

/**
 * Logs out (spec section 4): posts the brand, the server revokes the
 * session and clears its cookies, then the page reloads.
 */
export async function logout(brandId: string): Promise<void> {
  try {
    await call('/api/session/logout', { body: { brandId } });
  } finally {
    sessionStorage.setItem(loggedOutKey, '1');
    window.location.reload();
  }
}

/**
 * sessionStorage key set by logout: reloading a member page sends the
 * visitor home with ?login=, which then opens no login dialog.
 */
export const loggedOutKey = 'storefront:logged-out';

export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await call('/api/session/changePassword', { body });
}

/** Asks for a membership freeze; the studio decides (a refusal names its field). */
export function requestFreeze(body: FreezeRequest): Promise<Freeze> {
  return call<Freeze>('/api/user/freeze', { body });
}

/** The member's freezes, the latest first. */
export async function freezes(brandId: string): Promise<Freeze[]> {
  return (await call<Freezes>('/api/user/freezes?brandId=' + encodeURIComponent(brandId))).freezes;
}

/** Deletes the member's account (the password as MD5 hex); the server ends every session and clears the cookies. */
export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await call('/api/user/delete', { body });
}

/** Confirms the e-mail with the code of the verification mail. */
export async function confirmCode(brandId: string, email: string, code: string): Promise<void> {
  await call('/api/session/code/confirm', { body: { brandId, email, code } });
}

/** Sends a verification or password-reset mail again. */
export async function resendMail(brandId: string, email: string, type: ResendType): Promise<void> {
  await call('/api/session/resend', { body: { brandId, email, type } });
}

/** Sends the password-reset mail with its code. */
export async function forgotPassword(brandId: string, email: string): Promise<void> {
  await call('/api/session/forgotPassword', { body: { brandId, email } });
}

export async function confirmForgotPassword(brandId: string, email: string, code: string): Promise<void> {
  await call('/api/session/forgotPassword/confirm', { body: { brandId, email, code } });
}

/** Sets a new password (MD5, hex) with the code of the reset mail. */
export async function resetForgotPassword(brandId: string, email: string, code: string, password: string): Promise<void> {
  await call('/api/session/forgotPassword/reset', { body: { brandId, email, code, password } });
}

/** Sets a new password (MD5, hex) with the token of the reset link. */
export async function resetPassword(brandId: string, userId: number, token: string, password: string): Promise<void> {
  await call('/api/session/resetPassword', { body: { brandId, userId, token, password } });
}

/** Verifies the e-mail with the token of the verification link. */
export async function verifyEmail(brandId: string, userId: number, token: string): Promise<void> {
  await call('/api/verify/email', { body: { brandId, userId, token } });
}

/** Sends the verification mail again. */
export async function resendVerifyEmail(brandId: string, email: string): Promise<void> {
  await call('/api/verify/resendemail', { body: { brandId, email } });
}

export async function editUser(body: EditUserRequest): Promise<void> {
  await call('/api/user/edit', { body });
}

/** Turns the notification mails off (or on again). */
export function setUnsubscribed(brandId: string, unsubscribe: boolean): Promise<User> {
  return call<User>('/api/user/unSubscribe', { body: { brandId, unsubscribe } });
}

/** Unsubscribes the member a notification mail's one-click token names (RFC 8058's endpoint; the token is the proof, no login needed). */
export function unsubscribeByLink(token: string): Promise<Unsubscribed> {
  return call<Unsubscribed>('/api/user/unSubscribe/oneClick', { method: 'POST', query: { token } });
}

/** A fresh, short-lived QR token of a quantity passcard (holdingId) or the timing card (0). */
export function holdingQr(brandId: string, kind: HoldingQR['kind'], holdingId: number): Promise<HoldingQR> {
  return call<HoldingQR>('/api/user/getToken', { query: { brandId, kind, holdingId: holdingId || undefined } });
}

/**
 * Logs the app's webview in with the app's session id: asks for
 * the page at path (in app mode) with the id as the Authorization header;
 * a live session of the brand answers with the session cookies, which the
 * caller then uses by reloading. Resolves whether it is now logged in (the
 * readable userId cookie came).
 */
export async function appSessionLogin(path: string, sessionId: string): Promise<boolean> {
  try {
    const res = await fetch(path, { headers: { Authorization: sessionId }, credentials: 'same-origin' });
    return res.ok && document.cookie.split('; ').some((c) => c.startsWith(cookies.userId + '=') && c.length > cookies.userId.length + 1);
  } catch {
    return false;
  }
}

/** The brand's custom fields of a member's profile. */
export function customFieldSchema(brandId: string): Promise<CustomField[]> {
  return call<CustomField[]>(`/api/brand/${encodeURIComponent(brandId)}/customField/schema`);
}

/** Whether the brand offers LINE Login; for a member, whether LINE is linked and the account has a password. */
export function lineStatus(brandId: string): Promise<LineStatus> {
  return call<LineStatus>('/api/line/status', { query: { brandId } });
}

/** Starts a LINE login (next: the page to come back to) and sends the browser to LINE. */
export async function lineLogin(brandId: string, next: string): Promise<void> {
  const a = await call<LineAuthorize>('/api/line/login', { body: { brandId, next: next || undefined } });
  window.location.assign(a.authorizeUrl);
}

/** Links LINE to the logged-in member (the password as MD5 hex confirms it): off to LINE. */
export async function lineLink(brandId: string, password: string, next: string): Promise<void> {
  const a = await call<LineAuthorize>('/api/line/link', { body: { brandId, password, next } });
  window.location.assign(a.authorizeUrl);
}

/** The LINE user of this browser waiting to register (its name, the e-mail LINE shared). */
export function linePending(brandId: string): Promise<LinePending> {
  return call<LinePending>('/api/line/pending', { query: { brandId } });
}

/** Registers the waiting LINE user (no password) and logs the new member in. */
export function lineRegister(body: LineRegisterRequest): Promise<RegisterLoginAnswer> {
  return call<RegisterLoginAnswer>('/api/line/register', { body });
}

/** Unlinks LINE from the member (refused while the account has no password). */
export async function lineUnlink(brandId: string): Promise<void> {
  await call('/api/line/unlink', { body: { brandId } });
}

/** The member's channel per kind of notification. */
export function notifyChoices(brandId: string): Promise<NotifyChoices> {
  return call<NotifyChoices>('/api/user/notifyChoices', { query: { brandId } });
}

/** Sets how one kind of notification reaches the member; answers every choice. */
export function setNotifyChoice(brandId: string, kind: NotifyChoice['kind'], channel: NotifyChoice['channel']): Promise<NotifyChoices> {
  return call<NotifyChoices>('/api/user/notifyChoice', { body: { brandId, kind, channel } });
}
