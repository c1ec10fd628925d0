// Download-app banner (spec sections 1 and 4): mobile devices only, when the
// brand has both app links and the visitor has not closed it. Closing sets
// the cookie closeBownloadAppBanner.
import { useState } from 'react';
import { css } from '@emotion/css';
import { usePage } from '../../../lib/page-context';
import { bannerCookie, bannerHeight } from '../../../lib/constants';
import { banner as t } from '../../../strings/zh-hant';
import { colour } from '../../../ui/theme';
import { ShellImage, useRenderPart } from '../../../lib/render-part';

const bar = css`
  position: sticky;
  top: 0;
  z-index: 30;
  height: ${bannerHeight}px;
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 0 12px 0 4px;
  background: ${colour.surface};
  border-bottom: 1px solid ${colour.line};
  box-shadow: 0 2px 6px rgba(15, 23, 42, .06);
`;
const closeBtn = css`
  width: 36px;
  height: 36px;
  border: 0;
  background: none;
  color: ${colour.muted};
  font-size: 22px;
  line-height: 1;
  cursor: pointer;
`;
const icon = css`
  width: 38px;
  height: 38px;
  border-radius: 9px;
  border: 1px solid ${colour.line};
  object-fit: contain;
  background: #fff;
`;
const textBox = css`
  flex: 1;
  min-width: 0;
  line-height: 1.3;
  strong { display: block; font-size: 14px; }
  span { display: block; font-size: 12px; color: ${colour.muted}; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
`;
const download = css`
  flex: none;
  padding: 6px 16px;
  border-radius: 999px;
  background: ${colour.brand};
  color: var(--brand-on);
  font-size: 14px;
  font-weight: 600;
  text-decoration: none;
`;

/** Whether the banner shows for these props (spec section 4). */
export function bannerWanted(device: string, ios: string, android: string, closed: boolean): boolean {
  return device !== 'pc' && !!ios && !!android && !closed;
}

/** Whether the page shows the banner now, and how to close it. */
export function useAppBanner(): [boolean, () => void] {
  const page = usePage();
  const [closed, setClosed] = useState(page.bannerClosed);
  const promote = page.brand?.settings.brandPromoteInfo;
  const shown = !!promote && !page.webview && bannerWanted(page.device, promote.iosAppLink, promote.androidAppLink, closed);
  const close = () => {
    document.cookie = `${bannerCookie}=1; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
    setClosed(true);
  };
  return [shown, close];
}

export function AppBanner({ close }: { close: () => void }) {
  const page = usePage();
  const part = useRenderPart();
  const brand = page.brand!;
  const { iosAppLink, androidAppLink } = brand.settings.brandPromoteInfo;
  const logo = brand.settings.appLogo ? <img className={icon} src={brand.settings.appLogo} alt="" width={38} height={38} /> : null;
  // its preload in the head, in the whole tree's order (its element is the shell's)
  if (part === 'page') return logo && <ShellImage src={brand.settings.appLogo} />;
  return (
    <div className={bar} role="region" aria-label={t.description} data-testid="app-banner">
      <button type="button" className={closeBtn} onClick={close} aria-label={t.close}>
        ×
      </button>
      {logo}
      <div className={textBox}>
        <strong>{brand.settings.brandName}</strong>
        <span>{t.description}</span>
      </div>
      <a className={download} href={page.device === 'ios' ? iosAppLink : androidAppLink} rel="noopener">
        {t.download}
      </a>
    </div>
  );
}
