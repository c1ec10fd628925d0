// The brand's API calls, typed.
import { call } from '../../lib/api';
import type { CustomField } from '../../contract/props';

/** The brand's custom fields of a member's profile. */
export function customFieldSchema(brandId: string): Promise<CustomField[]> {
  return call<CustomField[]>(`/api/brand/${encodeURIComponent(brandId)}/customField/schema`);
}
