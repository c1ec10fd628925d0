// Pure rules of signing an e-contract: what the form says of the signer's
// name and the contract's fields before the signature is asked for.
import type { ContractTemplate } from '../../contract/props';
import { nameProblem, textProblem } from '../../lib/typed-text';
import { econtract as t } from '../../strings/zh-hant-econtract';

/** The longest a contract field's value may be (the server's maxContractField). */
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
