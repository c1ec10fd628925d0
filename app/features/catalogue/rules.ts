// Pure rules of the catalogue: brand home's item tabs and banner links.
// (Imported by brand home alone, so that its first visit loads no other
// page's rules: course and item structured data are json-ld-offers.)
import type { Item, ItemList, ItemType, PageProps } from '../../contract/props';
import { brandPath } from '../../lib/page-context';
import { queryString } from '../../lib/query';

/** projectType 0-3: the item type of each tab (spec section 1's order). */
export const projectTypes: ItemType[] = ['passcard', 'countingPasscard', 'point', 'quantityPasscard'];

/** The lists in display order with their item type. */
export function itemGroups(l: ItemList): { type: ItemType; items: Item[] }[] {
  const by: Record<ItemType, Item[]> = {
    passcard: l.passcardProjectInfoList,
    countingPasscard: l.countingPasscardProjectInfoList,
    point: l.custPointProjectInfoList,
    quantityPasscard: l.quantityPasscardProjectInfoList,
  };
  return projectTypes.map((type) => ({ type, items: by[type] })).filter((g) => g.items.length > 0);
}

/** The tab the query asks for when it has items, else the first with items. */
export function chosenTab(query: Record<string, string>, groups: { type: ItemType }[]): ItemType | undefined {
  const asked = projectTypes[Number(query.projectType)];
  return groups.some((g) => g.type === asked) ? asked : groups[0]?.type;
}

/** The brand home with the tab of type (projectType 0-3). */
export function tabHref(page: PageProps, type: ItemType): string {
  return (page.basePath || '/') + queryString([['type', page.query.type], ['projectType', String(projectTypes.indexOf(type))]]);
}

/** A banner's link: an absolute URL as given, else a path on the brand. */
export function bannerHref(page: PageProps, link: string): string {
  return /^https?:/.test(link) ? link : brandPath(page, link);
}

