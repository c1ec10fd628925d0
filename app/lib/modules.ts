// Module keys a brand switches on (spec section 6), generated from
// data/modules.go (contract/generated/shared.ts).
import { modules, type ModuleKey } from '../contract/generated/shared';

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
