// Brand home (/{brandId}): the brand's on-shelf items by type.
import { css } from '@emotion/css';
import type { Item, ItemList, ItemType } from '../lib/props';
import { usePage } from '../lib/page-context';
import { PageHead } from '../components/page-head';
import { ItemCard } from '../components/item-card';
import { home as t, items as ti } from '../strings/zh-hant';
import { colour, up } from '../styles/theme';

export interface BrandHomeData {
  items: ItemList;
}

const intro = css`
  display: flex;
  gap: 16px;
  align-items: center;
  margin-bottom: 24px;
  img { width: 64px; height: 64px; border-radius: 16px; background: #fff; object-fit: contain; border: 1px solid ${colour.line}; }
  h2 { font-size: 22px; line-height: 1.3; }
  p { color: ${colour.muted}; font-size: 14px; margin-top: 4px; }
`;
const section = css`
  margin-bottom: 28px;
  h2 { font-size: 18px; margin-bottom: 12px; padding-left: 10px; border-left: 4px solid var(--brand); }
`;
const grid = css`
  display: grid;
  gap: 12px;
  grid-template-columns: 1fr;
  ${up(600)} { grid-template-columns: repeat(2, 1fr); }
  ${up(900)} { grid-template-columns: repeat(3, 1fr); }
`;
const empty = css`
  padding: 40px 16px;
  text-align: center;
  color: ${colour.muted};
`;

/** The lists in display order with their item type. */
export function itemGroups(l: ItemList): { type: ItemType; items: Item[] }[] {
  return [
    { type: 'passcard' as const, items: l.passcardProjectInfoList },
    { type: 'quantityPasscard' as const, items: l.quantityPasscardProjectInfoList },
    { type: 'point' as const, items: l.custPointProjectInfoList },
    { type: 'countingPasscard' as const, items: l.countingPasscardProjectInfoList },
  ].filter((g) => g.items.length > 0);
}

export default function BrandHome({ data }: { data: BrandHomeData }) {
  const page = usePage();
  const brand = page.brand!;
  const groups = itemGroups(data.items);
  return (
    <>
      <PageHead
        title={t.title(brand.settings.brandName)}
        description={t.description(brand.settings.brandName, brand.home.description)}
        path={page.basePath || '/'}
        image={brand.settings.appLogo}
      />
      <section className={intro}>
        {brand.home.logo ? <img src={brand.home.logo} alt="" width={64} height={64} /> : null}
        <div>
          <h2>{brand.settings.brandName}</h2>
          {brand.home.description ? <p>{brand.home.description}</p> : null}
        </div>
      </section>
      {groups.length === 0 ? <p className={empty}>{ti.empty}</p> : null}
      {groups.map((g) => (
        <section key={g.type} className={section} aria-labelledby={`items-${g.type}`}>
          <h2 id={`items-${g.type}`}>{ti.typeTitles[g.type]}</h2>
          <div className={grid}>
            {g.items.map((it) => (
              <ItemCard key={it.id} item={it} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
