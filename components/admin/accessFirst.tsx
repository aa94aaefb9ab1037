/**
 * A resource's pages, each asking whether the signed-in role may open it before anything else.
 * react-admin's own pages ask too, but start fetching their data as soon as the answer arrives,
 * whatever it is: a page opened by URL that the role may not use would fetch (and be refused by
 * the server) before saying "Access denied". Here, a page the role may not use is never rendered.
 */
import { type ComponentType, createElement } from "react";
import { useCanAccess, useRequireAccess, useResourceContext } from "react-admin";

const VIEWS = ["list", "show", "edit", "create"] as const;
type View = (typeof VIEWS)[number];

function checkedView(view: View, Page: ComponentType) {
  function AccessFirst() {
    const resource = useResourceContext();
    // Both read the one cached answer; the first sends a refusal to react-admin's access-denied page.
    useRequireAccess({ action: view, resource });
    const { canAccess } = useCanAccess({ action: view, resource });
    return canAccess === true ? createElement(Page) : null;
  }
  AccessFirst.displayName = `AccessFirst(${view})`;
  return AccessFirst;
}

/** `definition` (a resource's index.ts) with each of its pages checked first. */
export function accessFirst<T extends Partial<Record<View, ComponentType>>>(definition: T): T {
  const checked = { ...definition };
  for (const view of VIEWS) {
    const Page = definition[view];
    if (Page) checked[view] = checkedView(view, Page) as T[View];
  }
  return checked;
}
