// Head tags of a page: title, description, canonical link, Open Graph and
// Twitter card, robots. The server moves them into <head>; on the client
// React keeps them there as the page changes.
import { Helmet } from 'react-helmet-async';
import { usePage } from './page-context';
import { JsonLd } from './json-ld';
import { layout as t } from '../strings/zh-hant';

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

export function PageHead({ title, description, path, image, imageAlt, noindex, jsonLd }: PageHeadProps) {
  const page = usePage();
  const canonical = page.origin + (path ?? page.url.split('?')[0]);
  const siteName = page.brand?.settings.brandName;
  const logo = page.brand ? page.brand.home.logo || page.brand.settings.appLogo : '';
  // a page of no brand (the site index, an unknown brand's 404) shares the storefront's own picture
  const src = image || logo || (page.brand ? '' : serviceImage);
  const img = src ? (src.startsWith('http') ? src : page.origin + src) : undefined;
  const alt = image ? (imageAlt ?? title) : page.brand ? t.logoAlt(siteName ?? '') : t.serviceImageAlt;
  return (
    <>
    <Helmet>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      {noindex || page.query.privateToken ? <meta name="robots" content="noindex, nofollow" /> : null}
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content="zh_TW" />
      {siteName ? <meta property="og:site_name" content={siteName} /> : null}
      {img ? <meta property="og:image" content={img} /> : null}
      {img ? <meta property="og:image:alt" content={alt} /> : null}
      <meta name="twitter:card" content={img ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {img ? <meta name="twitter:image" content={img} /> : null}
      {img ? <meta name="twitter:image:alt" content={alt} /> : null}
    </Helmet>
    {jsonLd && jsonLd.length > 0 ? <JsonLd data={jsonLd} /> : null}
    </>
  );
}
