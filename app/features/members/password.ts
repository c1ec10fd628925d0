// Passwords leave the browser only as their MD5 in hex (spec section 5);
// the server keeps a slow hash of that. Imported by dialogs and pages that
// take a password, never by the first-visit bundle.
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The value sent for a password. */
export function passwordDigest(password: string): string {
  return bytesToHex(md5(utf8ToBytes(password)));
}

/** The least length of a new password. */
export const minPasswordLength = 8;
