// The SHA-256 of the exact contract text the page shows, sent when signing
// so that the server refuses a signature of any other text.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Hex SHA-256 of text's UTF-8 bytes. */
export function textSha256(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Whether a scroll box is read to its end (a few pixels of slack). */
export function readToEnd(box: { scrollTop: number; clientHeight: number; scrollHeight: number }): boolean {
  return box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
}
