// Pure rules of signing an e-contract: what the form says of the signer's
// name and the contract's fields before the signature is asked for; the
// typed signature's size; the hash of the text signed and whether it was
// read to its end.
import type { ContractTemplate } from '../../contract/props';
import { nameProblem, textProblem } from '../../lib/typed-text';
import { econtract as t } from '../../strings/zh-hant-econtract';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The longest a contract field's value may be (the server's rules.MaxContractField). */
export const maxContractField = 500;

/** What is wrong with the signer's name (signerName) and each field (field-{key}); '' nothing. */
export function signProblems(name: string, tplFields: ContractTemplate['fields'], values: Record<string, string>): Record<string, string> {
  const found: Record<string, string> = { signerName: nameProblem(t.signerName, name) };
  for (const f of tplFields) found['field-' + f.key] = textProblem(f.label, values[f.key] ?? '', maxContractField, false);
  return found;
}

/** The first required field left blank, if any. */
export function missingField(tplFields: ContractTemplate['fields'], values: Record<string, string>) {
  return tplFields.find((f) => f.required && !(values[f.key] ?? '').trim());
}

// The typed signature's canvas and how its text is sized to fit it
// (typed-signature.tsx draws it).
/** The typed signature's canvas (px): the drawn box's proportions. */
export const typedSize = { width: 600, height: 180, padding: 24 };
/** The longest typed signature. */
export const typedMax = 30;

/**
 * The font size (px) at which text measured textWidth px wide at 100 px
 * fits the canvas inside its padding: at most 60% of the height.
 */
export function fittedFontSize(textWidth: number): number {
  const { width, height, padding } = typedSize;
  const byHeight = Math.floor(height * 0.6);
  if (textWidth <= 0) return byHeight;
  return Math.max(12, Math.min(byHeight, Math.floor((100 * (width - 2 * padding)) / textWidth)));
}

// The SHA-256 of the exact contract text the page shows, sent when signing
// so that the server refuses a signature of any other text.
/** Hex SHA-256 of text's UTF-8 bytes. */
export function textSha256(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Whether a scroll box is read to its end (a few pixels of slack). */
export function readToEnd(box: { scrollTop: number; clientHeight: number; scrollHeight: number }): boolean {
  return box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
}
