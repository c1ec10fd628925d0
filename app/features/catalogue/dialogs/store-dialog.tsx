// Store info dialog: the store's picture, address (with a map link), phone
// and opening hours.
import { css } from '@emotion/css';
import type { StoreInfo } from '../../../contract/props';
import { Dialog } from '../../../ui/dialog';
import { buttonColumn } from '../../../ui/button';
import { Picture } from '../../../ui/picture';
import { dialogs as t } from '../../../strings/zh-hant-catalogue';
import { colour } from '../../../ui/theme';

const facts = css`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 8px 14px;
  margin: 14px 0 18px;
  dt { color: ${colour.muted}; font-size: 14px; }
  dd { margin: 0; }
`;
const pic = css`width: 100%; height: auto; aspect-ratio: 16 / 9; object-fit: cover; border-radius: 10px;`;

export default function StoreDialog({ store, onClose }: { store: StoreInfo; onClose: () => void }) {
  return (
    <Dialog title={store.storeName} onClose={onClose} testId="store-dialog">
      {store.image ? <Picture className={pic} src={store.image} alt="" width={660} height={371} sizes="(min-width: 732px) 660px, calc(100vw - 72px)" /> : null}
      <dl className={facts}>
        <dt>{t.address}</dt>
        <dd>{store.address}</dd>
        {store.phone ? (
          <>
            <dt>{t.phone}</dt>
            <dd>
              <a href={'tel:' + store.phone.replace(/[^0-9+]/g, '')}>{store.phone}</a>
            </dd>
          </>
        ) : null}
        {store.openingHours ? (
          <>
            <dt>{t.hours}</dt>
            <dd>{store.openingHours}</dd>
          </>
        ) : null}
      </dl>
      {store.mapUrl ? (
        <div className={buttonColumn}>
          <a href={store.mapUrl} target="_blank" rel="noopener">
            {t.map}
          </a>
        </div>
      ) : null}
    </Dialog>
  );
}
