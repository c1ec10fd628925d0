// Module keys a brand switches on (spec section 6), generated from
// data/modules.go (contract/generated/shared.ts).
import { modules, type ModuleKey } from '../contract/generated/shared';
import type { PageProps } from '../contract/props';

export { modules as Module, type ModuleKey };

export function hasModule(list: readonly string[] | undefined, key: ModuleKey): boolean {
  return !!list && list.includes(key);
}

/**
 * Members of the brand log in and register on the web (MEMBER_SIGN_IN);
 * without it they sign in only in the brand's app (the host refuses a web login).
 */
export function signsInOnWeb(list: readonly string[] | undefined): boolean {
  return hasModule(list, modules.MEMBER_SIGN_IN);
}

/**
 * The page may offer buying: always on the web, in the app's webview
 * (page.webview) only with APP_ONLINE_PURCHASE (the host refuses a
 * purchase from the app without it).
 */
export function buysHere(page: Pick<PageProps, 'webview' | 'brand'>): boolean {
  return !page.webview || hasModule(page.brand?.settings.additionalModules, modules.APP_ONLINE_PURCHASE);
}
