// The e-contract calls (issue 14), typed.
import { call } from '../../lib/api';
import type { EContractPage, SignContractRequest, SignedContract, SignedContractList } from '../../contract/props';

/** The contract by id, or the one an item bought in a store needs (404 -55 when none). */
export function contractFor(brandId: string, q: { contractId?: number; itemId?: number; storeId?: number }): Promise<EContractPage> {
  return call<EContractPage>('/api/contract', { query: { brandId, ...q } });
}

/** Signs the contract's newest version; the answer is the read-only record. */
export function signContract(body: SignContractRequest): Promise<SignedContract> {
  return call<SignedContract>('/api/contract', { body });
}

/** The member's signed contracts, newest first. */
export function signedContracts(brandId: string): Promise<SignedContractList> {
  return call<SignedContractList>('/api/user/contracts', { query: { brandId } });
}
