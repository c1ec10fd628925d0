// Item detail (/{brandId}/{itemType}/{itemId}): pictures, price, what the
// item grants, validity, when it starts, where it can be used, description;
// share dialog; JSON-LD product with its TWD offer. An item taken off the
// shelf shows a friendly page with other items instead (not indexed).
import { css } from '@emotion/css';
import type { Item, StoreInfo, ItemData } from '../contract/props';
import { usePage, brandPath } from '../lib/page-context';
import { HomeLink, Link } from '../lib/navigation';
import { PageHead } from '../lib/page-head';
import { Picture } from '../ui/picture';
import { Crumbs } from '../features/catalogue/components/crumbs';
import { ItemCard, grants, itemGrid as grid } from '../features/catalogue/components/item-card';
import { activationText } from '../features/catalogue/activation';
import { StoreButton, ShareButton } from '../features/catalogue/components/dialog-buttons';
import { buyBar, paragraphs, facts, prose } from '../features/catalogue/components/page-parts';
import { heading, sectionTitle } from '../ui/section-title';
import { chipButton, primaryButton, secondaryButton } from '../ui/button';
import { card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { breadcrumbs, absolute } from '../lib/json-ld';
import { product } from '../features/catalogue/json-ld-offers';
import { price, validity } from '../lib/format';
import { buysHere } from '../lib/modules';
import { items as ti, common } from '../strings/zh-hant';
import { item as t, course as tcourse } from '../strings/zh-hant-catalogue';
import { colour, up } from '../ui/theme';


const gallery = css`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: 100%;
  gap: 10px;
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  border-radius: 14px;
  margin-bottom: 16px;
  ${up(750)} { grid-auto-columns: 70%; }
  img { width: 100%; height: auto; aspect-ratio: 16 / 10; object-fit: cover; scroll-snap-align: start; border-radius: 14px; }
`;
const gone = css`
  text-align: center;
  padding: 32px 16px;
  h2 { font-size: 22px; margin-bottom: 8px; }
  p { color: ${colour.muted}; margin-bottom: 6px; }
  a { margin-top: 14px; }
`;

function Others({ others }: { others: Item[] }) {
  if (others.length === 0) return null;
  return (
    <>
      <h2 className={sectionTitle}>{t.others}</h2>
      <div className={grid}>
        {others.map((o) => (
          <ItemCard key={o.id} item={o} />
        ))}
      </div>
    </>
  );
}

const contractNote = css`
  margin: 12px 0 16px;
  padding: 10px 14px;
  border-left: 3px solid var(--brand);
  background: ${colour.surface};
  font-size: 14px;
`;

export default function ItemPage({ data }: { data: ItemData }) {
  const page = usePage();
  const it = data.item;
  const brandName = page.brand!.settings.brandName;
  const typeTitle = ti.typeTitles[it.type];
  const path = `/${it.type}/${it.id}`;
  const trail: [string, string][] = [[it.name, path]];
  if (data.offShelf) {
    return (
      <>
        <PageHead title={t.offShelfTitle(it.name) + '｜' + brandName} description={t.offShelfBody} path={brandPath(page, path)} noindex jsonLd={[breadcrumbs(page, trail)]} />
        <Crumbs trail={trail} />
        <section className={`${card} ${gone}`} data-testid="off-shelf">
          <h2>{t.offShelfHeading}</h2>
          <p>{it.name}</p>
          <p>{t.offShelfBody}</p>
          <HomeLink className={primaryButton}>
            {common.backToShop}
          </HomeLink>
        </section>
        <Others others={data.others} />
      </>
    );
  }
  const images = [it.image, ...it.images].filter(Boolean);
  const stores: StoreInfo[] = page.brand!.settings.storeInfoList.filter((s) => it.storeIds.length === 0 || it.storeIds.includes(s.storeId));
  const g = grants(it);
  const v = validity(it.validityValue, it.validityUnit);
  return (
    <>
      <PageHead
        title={t.title(it.name, typeTitle, brandName)}
        description={(it.description || it.name).slice(0, 150)}
        path={brandPath(page, path)}
        image={it.image}
        jsonLd={[breadcrumbs(page, trail), product(page, it, absolute(page, path))]}
      />
      <Crumbs trail={trail} />
      {images.length > 0 ? (
        <div className={gallery} role="region" aria-label={t.gallery} tabIndex={0} data-testid="gallery">
          {images.map((src, i) => (
            <Picture key={src + i} src={src} alt={i === 0 ? it.name : ''} width={640} height={400} sizes="(min-width: 852px) 574px, (min-width: 750px) 70vw, calc(100vw - 32px)" eager={i === 0} />
          ))}
        </div>
      ) : null}
      <h2 className={heading}>{it.name}</h2>
      <div className={buyBar}>
        <p>
          <strong>{price(it.price)}</strong>
          {it.originalPrice && it.originalPrice > it.price ? <s><span className="visually-hidden">{ti.originalPrice}</span>{price(it.originalPrice)}</s> : null}
        </p>
        <div>
          <ShareButton className={secondaryButton} title={it.name}>
            {tcourse.share}
          </ShareButton>
          {buysHere(page) ? (
            <Link className={primaryButton} href={brandPath(page, path + '/checkout')}>
              {t.buy}
            </Link>
          ) : null}
        </div>
      </div>
      {data.contract ? (
        <p className={contractNote} data-testid="contract-needed">
          {t.contractNeeded}
        </p>
      ) : null}
      <h2 className={sectionTitle}>{t.details}</h2>
      <dl className={`${card} ${facts}`}>
        {g ? (
          <>
            <dt>{t.grants}</dt>
            <dd>{g}</dd>
          </>
        ) : null}
        {v ? (
          <>
            <dt>{t.validity}</dt>
            <dd>{v}</dd>
          </>
        ) : null}
        <dt>{t.activation}</dt>
        <dd>{activationText(it)}</dd>
        <dt>{t.stores}</dt>
        <dd>
          {it.storeIds.length === 0 ? <span>{t.allStores}</span> : null}
          {stores.map((s) => (
            <StoreButton key={s.storeId} store={s} className={chipButton} />
          ))}
        </dd>
      </dl>
      {it.description ? (
        <>
          <h2 className={sectionTitle}>{t.description}</h2>
          <div className={prose}>
            {paragraphs(it.description).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </>
      ) : (
        <EmptyState title={it.name} />
      )}
      <Others others={data.others} />
    </>
  );
}
