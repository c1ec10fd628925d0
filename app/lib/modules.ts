// Module keys a brand switches on (spec section 6), generated from
// data/modules.go (contract/generated/shared.ts).
import { modules, type ModuleKey } from '../contract/generated/shared';

export { modules as Module, type ModuleKey };

export function hasModule(list: readonly string[] | undefined, key: ModuleKey): boolean {
  return !!list && list.includes(key);
}
