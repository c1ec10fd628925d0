// The checkout of an item taken off the shelf: a note and the way back to the shop.
import { css } from '@emotion/css';
import { HomeLink } from '../../../lib/navigation';
import { card } from '../../../ui/card';
import { primaryButton } from '../../../ui/button';
import { common } from '../../../strings/zh-hant';
import { checkout as t } from '../../../strings/zh-hant-checkout';

const gone = css`
  text-align: center;
  padding: 32px 16px;
  p { margin-bottom: 14px; }
`;

export function OffShelf() {
  return (
    <section className={`${card} ${gone}`} data-testid="off-shelf">
      <p>{t.offShelf}</p>
      <HomeLink className={primaryButton}>
        {common.backToShop}
      </HomeLink>
    </section>
  );
}
