// The e-contract calls, typed.
import { call } from '../../lib/api';
import type { SignContractRequest, SignedContract, SignedContractList } from '../../contract/props';

/** Signs the contract's newest version; the answer is the read-only record. */
export function signContract(body: SignContractRequest): Promise<SignedContract> {
  return call<SignedContract>('/api/contract', { body });
}

/** The member's signed contracts, newest first. */
export function signedContracts(brandId: string): Promise<SignedContractList> {
  return call<SignedContractList>('/api/user/contracts', { query: { brandId } });
}
