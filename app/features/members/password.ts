// Passwords leave the browser only as their MD5 in hex (spec section 5);
// the server keeps a slow hash of that. A new password's rule too. Imported by dialogs and pages that
// take a password, never by the first-visit bundle.
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { auth as t } from '../../strings/zh-hant-members';

/** The value sent for a password. */
export function passwordDigest(password: string): string {
  return bytesToHex(md5(utf8ToBytes(password)));
}

/** The least length of a new password. */
export const minPasswordLength = 8;

/** What is wrong with a new password and its confirmation ('' nothing): too short, else the two differ. */
export function newPasswordProblem(password: string, confirm: string): string {
  if (password.length < minPasswordLength) return t.passwordTooShort;
  if (password !== confirm) return t.passwordMismatch;
  return '';
}
