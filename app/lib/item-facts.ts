// An item's facts as lines of text, for its page, its card and checkout:
// when its validity starts, what it grants.
import type { Item } from '../contract/props';
import { thousands } from './format';
import { items } from '../strings/zh-hant';
import { item as t } from '../strings/zh-hant-catalogue';

/** When an item's validity starts (spec section 4). */
export function activationText(it: Pick<Item, 'activationType' | 'adminStartDate'>): string {
  if (it.activationType === 'ADMIN_CUSTOM' && it.adminStartDate) return t.adminStart(it.adminStartDate.replace(/-/g, '/'));
  return t.activationTypes[it.activationType] ?? '';
}

/** What the item grants, e.g. '共 10 次'. */
export function grants(item: Item): string {
  if (!item.quantity) return '';
  switch (item.type) {
    case 'quantityPasscard':
      return items.quantity.quantityPasscard(item.quantity);
    case 'point':
      return items.quantity.point(thousands(item.quantity));
    case 'countingPasscard':
      return items.quantity.countingPasscard(thousands(item.quantity));
    default:
      return '';
  }
}
