import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * The head every page shares (the member site, the games' window, the sports window and the back
 * office), written once: the build and the dev server put it first in each page's head, so a page's
 * own head holds only what is its own (its title, its theme colour, the back office's noindex).
 */
const SHARED_HEAD: HtmlTagDescriptor[] = [
  { tag: 'meta', attrs: { charset: 'UTF-8' } },
  { tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' } },
  {
    tag: 'meta',
    attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
  },
].map((tag) => ({ ...tag, injectTo: 'head-prepend' }));

export const sharedHead: Plugin = {
  name: 'casino-shared-head',
  transformIndexHtml: () => SHARED_HEAD,
};
