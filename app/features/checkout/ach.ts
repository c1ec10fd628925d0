// Pure rules of the ACH authorisation form (the same as the server's
// rules/ach.go): the fields' formats and the ID's check digit.
import { nameProblem } from '../../lib/typed-text';
import { ach as t } from '../../strings/zh-hant-deferred';

export interface ACHFields {
  bankCode: string;
  branchCode: string;
  account: string;
  holderName: string;
  holderId: string;
}

/** The form before anything is typed. */
export const emptyACH: ACHFields = { bankCode: '', branchCode: '', account: '', holderName: '', holderId: '' };

const codes: Record<string, number> = {
  A: 10, B: 11, C: 12, D: 13, E: 14, F: 15, G: 16, H: 17, I: 34, J: 18, K: 19, L: 20, M: 21,
  N: 22, O: 35, P: 23, Q: 24, R: 25, S: 26, T: 27, U: 28, V: 29, W: 32, X: 30, Y: 31, Z: 33,
};

/** Whether id is a national ID or resident certificate number (2021 or old format) with a good check digit. */
export function validTaiwanId(raw: string): boolean {
  const id = raw.trim().toUpperCase();
  if (!/^[A-Z][12890ABCD][0-9]{8}$/.test(id)) return false;
  const first = codes[id[0]!]!;
  const c = id[1]!;
  const second = /[0-9]/.test(c) ? Number(c) : codes[c]! % 10;
  let sum = Math.floor(first / 10) + (first % 10) * 9 + second * 8;
  for (let i = 2; i < 9; i++) sum += Number(id[i]) * (9 - i);
  sum += Number(id[9]);
  return sum % 10 === 0;
}

/** The fields that are wrong, by name (empty: none). */
export function achProblems(f: ACHFields): (keyof ACHFields)[] {
  const out: (keyof ACHFields)[] = [];
  if (!/^[0-9]{3}$/.test(f.bankCode.trim())) out.push('bankCode');
  if (!/^[0-9]{4}$/.test(f.branchCode.trim())) out.push('branchCode');
  if (!/^[0-9]{10,16}$/.test(f.account.trim())) out.push('account');
  if (holderNameProblem(f.holderName)) out.push('holderName');
  if (!validTaiwanId(f.holderId)) out.push('holderId');
  return out;
}

/** The longest an account holder's name may be (the server's rules.MaxHolderName). */
export const maxHolderName = 40;

/** What is wrong with the holder's name ('' nothing): the rule of every name. */
export function holderNameProblem(name: string): string {
  return nameProblem(t.holderName, name, maxHolderName);
}

/** What the form says of a wrong field. */
export function achProblemText(name: keyof ACHFields, f: ACHFields): string {
  return name === 'holderName' ? holderNameProblem(f.holderName) : t.bad[name];
}
