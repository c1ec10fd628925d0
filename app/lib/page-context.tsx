import { createContext, useContext } from 'react';
import type { PageProps } from '../contract/props';

export const PageContext = createContext<PageProps | null>(null);

/** The props of the page being shown. */
export function usePage<D = unknown>(): PageProps<D> {
  const p = useContext(PageContext);
  if (!p) throw new Error('usePage outside PageContext');
  return p as PageProps<D>;
}

/** Path p (starting with '/', or '' for brand home) under the brand's base path. */
export function brandPath(props: Pick<PageProps, 'basePath'>, p: string): string {
  return props.basePath + p || '/';
}
