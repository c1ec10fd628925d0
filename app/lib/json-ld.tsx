// Structured data (schema.org JSON-LD) for crawlers: the brand as an
// organisation with its stores as sports activity locations, courses'
// schedules as events with offers, items as products with offers in TWD,
// and each page's breadcrumb trail (offers: json-ld-offers.ts).
import type { PageProps, StoreInfo } from '../contract/props';
import { brandPath } from './page-context';
import { navHref } from './navigation';
import { postalAddress } from './store-place';

export type Thing = Record<string, unknown>;

/** The JSON of a script element: '<' and the line separators escaped so the text cannot end the element. */
export function jsonLdText(data: Thing | Thing[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function JsonLd({ data }: { data: Thing | Thing[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}

export const context = 'https://schema.org';

/** An absolute URL of path p under the brand. */
export function absolute(page: PageProps, p: string): string {
  return page.origin + brandPath(page, p);
}

/** src as an absolute URL on the site, undefined for none. */
export function abs(page: PageProps, src: string): string | undefined {
  if (!src) return undefined;
  return src.startsWith('http') ? src : page.origin + src;
}

/** The absolute URL of the brand's landing page (nav.home), undefined when it has none. */
export function homeUrl(page: PageProps): string | undefined {
  return page.nav.home ? page.origin + page.nav.home : undefined;
}

/** A store as a SportsActivityLocation. */
export function storePlace(page: PageProps, s: StoreInfo): Thing {
  return {
    '@type': 'SportsActivityLocation',
    name: s.storeName,
    address: postalAddress(s),
    telephone: s.phone || undefined,
    openingHoursSpecification: s.openingHoursSpecification.length
      ? s.openingHoursSpecification.map((h) => ({ '@type': 'OpeningHoursSpecification', ...h }))
      : undefined,
    hasMap: s.mapUrl || undefined,
    image: abs(page, s.image),
  };
}

/** The brand as an organisation with its stores, and the site with its search. */
export function brandGraph(page: PageProps): Thing[] {
  const b = page.brand!;
  const home = absolute(page, '');
  return [
    {
      '@context': context,
      '@type': 'Organization',
      '@id': home + '#organization',
      name: b.settings.brandName,
      url: home,
      logo: abs(page, b.settings.appLogo),
      description: b.home.description || undefined,
      department: b.settings.storeInfoList.map((s) => storePlace(page, s)),
    },
    {
      '@context': context,
      '@type': 'WebSite',
      name: b.settings.brandName,
      url: home,
      inLanguage: 'zh-Hant',
      potentialAction: {
        '@type': 'SearchAction',
        target: absolute(page, '/search/result') + '?keyword={search_term_string}',
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/** A breadcrumb trail: brand home (when the brand has one), then each [name, path]. */
export function breadcrumbs(page: PageProps, trail: [string, string][]): Thing {
  const all: [string, string][] = navHref(page.nav, 'items') ? [[page.brand!.settings.brandName, ''], ...trail] : trail;
  return {
    '@context': context,
    '@type': 'BreadcrumbList',
    itemListElement: all.map(([name, p], i) => ({ '@type': 'ListItem', position: i + 1, name, item: absolute(page, p) })),
  };
}

/** A list of links (a list page's entries), each [name, absolute url]. */
export function itemList(entries: [string, string][]): Thing {
  return {
    '@context': context,
    '@type': 'ItemList',
    itemListElement: entries.map(([name, url], i) => ({ '@type': 'ListItem', position: i + 1, name, url })),
  };
}
