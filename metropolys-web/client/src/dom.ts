// The page's elements, found by id: a page that lacks one is a bug in
// the page, said at once rather than as a later `null` dereference.

/** The element with id `id`, typed as `T`; throws when the page has none. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the page has no element #${id}`);
  return found as T;
}
