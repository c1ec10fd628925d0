// A sellable item in a list: name, what it grants, validity, price.
import { css } from '@emotion/css';
import type { Item } from '../../../contract/props';
import { usePage, brandPath, kept } from '../../../lib/page-context';
import { Link } from '../../../lib/navigation';
import { price, thousands, validity } from '../../../lib/format';
import { items as t } from '../../../strings/zh-hant';
import { colour, radius, shadow, up, pills } from '../../../ui/theme';

const card = css`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 16px;
  border-radius: ${radius};
  background: ${colour.surface};
  box-shadow: ${shadow};
  border: 1px solid ${colour.line};
  text-decoration: none;
  transition: border-color .15s ease, transform .15s ease;
  &:hover { border-color: var(--brand); transform: translateY(-1px); }
`;
const name = css`
  font-size: 16px;
  font-weight: 700;
  line-height: 1.4;
`;
const priceRow = css`
  margin-top: auto;
  display: flex;
  align-items: baseline;
  gap: 8px;
  strong { font-size: 20px; color: var(--brand); }
  s { font-size: 13px; color: ${colour.faint}; }
`;

/** The grid item cards sit in. */
export const itemGrid = css`
  display: grid;
  gap: 12px;
  grid-template-columns: 1fr;
  ${up(600)} { grid-template-columns: repeat(2, 1fr); }
  ${up(900)} { grid-template-columns: repeat(3, 1fr); }
`;

/** What the item grants, e.g. '共 10 次'. */
export function grants(item: Item): string {
  if (!item.quantity) return '';
  switch (item.type) {
    case 'quantityPasscard':
      return t.quantity.quantityPasscard(item.quantity);
    case 'point':
      return t.quantity.point(thousands(item.quantity));
    case 'countingPasscard':
      return t.quantity.countingPasscard(thousands(item.quantity));
    default:
      return '';
  }
}

/** A card, kept by the server once rendered (lib/page-context's kept): it depends on its props alone. */
export const ItemCard = kept('ItemCard', function ItemCard({ item }: { item: Item }) {
  const page = usePage();
  const g = grants(item);
  const v = validity(item.validityValue, item.validityUnit);
  return (
    <Link className={card} href={brandPath(page, `/${item.type}/${item.id}`)} data-testid="item-card">
      <h3 className={name}>{item.name}</h3>
      <div className={pills}>
        {g ? <span>{g}</span> : null}
        {v ? <span>{t.validity(v)}</span> : null}
      </div>
      <div className={priceRow}>
        <strong>{price(item.price)}</strong>
        {item.originalPrice && item.originalPrice > item.price ? (
          <s><span className="visually-hidden">{t.originalPrice}</span>{price(item.originalPrice)}</s>
        ) : null}
      </div>
    </Link>
  );
});
