// When an item's validity starts (spec section 4), as a line of text.
import type { Item } from '../../contract/props';
import { item as t } from '../../strings/zh-hant-catalogue';

export function activationText(it: Pick<Item, 'activationType' | 'adminStartDate'>): string {
  if (it.activationType === 'ADMIN_CUSTOM' && it.adminStartDate) return t.adminStart(it.adminStartDate.replace(/-/g, '/'));
  return t.activationTypes[it.activationType] ?? '';
}
