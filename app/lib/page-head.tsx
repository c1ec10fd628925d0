// Head tags of a page: title, description, canonical link, Open Graph and
// Twitter card, robots. React hoists them into <head>, on the server (the
// renderer cuts them off the front of the rendered string) and on the
// client as the page changes.
import { kept, usePage } from './page-context';
import { JsonLd } from './json-ld';
import { layout as t } from '../strings/zh-hant';

/** A <meta> tag's attributes. */
interface MetaProps {
  name?: string;
  property?: string;
  content: string;
}

/** The storefront's own sharing picture (host/assets.go). */
const serviceImage = '/og-image.png';

export interface PageHeadProps {
  title: string;
  description: string;
  /** Canonical path under the site's origin, default the current path. */
  path?: string;
  /** The page's picture; without one, the brand's logo. */
  image?: string;
  /** What the picture shows, default the page title. */
  imageAlt?: string;
  noindex?: boolean;
  /** Structured data of the page (schema.org objects). */
  jsonLd?: Record<string, unknown>[];
}

/** The page's head tags, kept by the server once rendered (lib/page-context's kept): they depend on the props and the page's address. */
export const PageHead = kept('PageHead', function PageHead({ title, description, path, image, imageAlt, noindex, jsonLd }: PageHeadProps) {
  const page = usePage();
  const canonical = page.origin + (path ?? page.url.split('?')[0]);
  const siteName = page.brand?.settings.brandName;
  const logo = page.brand ? page.brand.home.logo || page.brand.settings.appLogo : '';
  // a page of no brand (the site index, an unknown brand's 404) shares the storefront's own picture
  const src = image || logo || (page.brand ? '' : serviceImage);
  const img = src ? (src.startsWith('http') ? src : page.origin + src) : undefined;
  const alt = image ? (imageAlt ?? title) : page.brand ? t.logoAlt(siteName ?? '') : t.serviceImageAlt;
  const meta: MetaProps[] = [{ name: 'description', content: description }];
  if (noindex || page.query.privateToken) meta.push({ name: 'robots', content: 'noindex, nofollow' });
  meta.push(
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: 'zh_TW' },
  );
  if (siteName) meta.push({ property: 'og:site_name', content: siteName });
  if (img) meta.push({ property: 'og:image', content: img }, { property: 'og:image:alt', content: alt });
  meta.push(
    { name: 'twitter:card', content: img ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  );
  if (img) meta.push({ name: 'twitter:image', content: img }, { name: 'twitter:image:alt', content: alt });
  return (
    <>
      <title>{title}</title>
      {meta.map((m, i) => (
        <meta key={i} {...m} />
      ))}
      <link rel="canonical" href={canonical} />
      {jsonLd && jsonLd.length > 0 ? <JsonLd data={jsonLd} /> : null}
    </>
  );
}, true);
