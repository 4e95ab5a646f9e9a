/**
 * The folder the pages are served from: '' at a host's root, where `npm run build` is deployed. The
 * demo build (docs/demo.md) runs from any folder of any static host (e.g. /labellens/ on GitHub
 * Pages); its chunks sit in assets/ right below that folder, so the folder is the one above this
 * module's chunk. (`import.meta.env` is absent when Node scripts import the routes.)
 */
export const HOST_PREFIX: string =
  import.meta.env && import.meta.env.VITE_LABELLENS_DEMO
    ? new URL('../', import.meta.url).pathname.replace(/\/$/, '')
    : '';

/** A path of this origin as the app's routes read it: without the folder the pages are served from. */
export const withoutHostPrefix = (pathname: string): string =>
  HOST_PREFIX && (pathname === HOST_PREFIX || pathname.startsWith(`${HOST_PREFIX}/`))
    ? pathname.slice(HOST_PREFIX.length) || '/'
    : pathname;
