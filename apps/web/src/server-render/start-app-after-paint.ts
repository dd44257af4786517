/**
 * The script of a page the server drew (the build writes it into drawn-page.html in place of
 * the app's tags, apps/web/vite.config.ts): the page is on screen before the app's scripts are
 * asked for, so on a slow network the stylesheet and fonts it paints with are not shared with
 * them; then the app loads and takes the page over (src/main.tsx).
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-app]');
const app = tag?.dataset.app;
if (app) {
  const preloads = (tag.dataset.appPreloads ?? '').split(' ').filter(Boolean);
  // A frame is drawn after the callback; the timer runs after that frame.
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of preloads) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
      void import(/* @vite-ignore */ app);
    }),
  );
}
