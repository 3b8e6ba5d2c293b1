import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, HTML_LANG, isLocale, type Locale } from '../../../shared/format.ts';
import en from '../../../shared/i18n/locales/en/play.json' with { type: 'json' };
import jp from '../../../shared/i18n/locales/jp/play.json' with { type: 'json' };
import ko from '../../../shared/i18n/locales/ko/play.json' with { type: 'json' };
import th from '../../../shared/i18n/locales/th/play.json' with { type: 'json' };
import vn from '../../../shared/i18n/locales/vn/play.json' with { type: 'json' };

/*
 * The reality check for our server-rendered windows (the sports window), without React: the same
 * behaviour and texts (the `play` namespace's `reality`) as the game window's RealityCheck. The page
 * includes realityMarkup(); the script reads the member's interval and session from the member API,
 * covers the page when a check is due, and records the answer. Files of their own: the
 * Content-Security-Policy allows no inline script or style.
 */

const TEXTS: Record<Locale, typeof en.reality> = {
  th: th.reality,
  en: en.reality,
  ko: ko.reality,
  jp: jp.reality,
  vn: vn.reality,
};

/** `?lang=` first, then the site's `lang` cookie, then the default (th), as the sandbox pages do. */
export function windowLocale(request: FastifyRequest): Locale {
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isLocale(query)) return query;
  const cookie = request.cookies?.lang;
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE;
}

const escapeAttr = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Every language's texts: the script speaks the language the member chose on the site, as the game window does. */
const ALL_TEXTS = JSON.stringify(
  Object.fromEntries(Object.entries(TEXTS).map(([l, t]) => [l, { ...t, lang: HTML_LANG[l as Locale] }])),
);

/**
 * What a window's page adds to its body: the hidden dialog with the texts, and the script. The script
 * uses the language the member chose on the site (this origin's localStorage `lang`), else `locale`.
 */
export function realityMarkup(locale: Locale, where: string): string {
  const texts = escapeAttr(ALL_TEXTS);
  return (
    `<link rel="stylesheet" href="/protection/reality-check.css">` +
    `<div id="reality-check" class="rc-backdrop" hidden data-where="${escapeAttr(where)}" data-lang="${locale}" ` +
    `data-texts="${texts}"></div>` +
    `<script src="/protection/reality-check.js" defer></script>`
  );
}

const CSS =
  '.rc-backdrop{position:fixed;inset:0;z-index:50;display:grid;place-items:center;padding:16px;background:rgb(0 0 0/72%)}' +
  '.rc-backdrop[hidden]{display:none}.rc-box{width:min(420px,100%);padding:20px;border:1px solid #f5c542;border-radius:14px;' +
  'background:#161226;color:#f3f4f8;font-family:system-ui,sans-serif}.rc-box h2{margin:0 0 8px;color:#f5c542;font-size:20px}' +
  '.rc-box p{margin:8px 0}.rc-loss{color:#ff8a8a}.rc-gain{color:#7be3a0}.rc-actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}' +
  '.rc-actions button{flex:1 1 120px;min-height:40px;border-radius:8px;border:1px solid rgb(255 255 255/25%);' +
  'background:rgb(0 0 0/25%);color:#f3f4f8;font:inherit;cursor:pointer}.rc-actions button:first-child{border:0;' +
  'background:linear-gradient(180deg,#ffe083,#e0a91b);color:#2a1b00;font-weight:700}';

/** The dialog's behaviour: due at each whole interval since the login session started (server clock). */
const SCRIPT = `(() => {
  const box = document.getElementById('reality-check');
  if (!box) return;
  const all = JSON.parse(box.dataset.texts || '{}');
  let chosen = null;
  try { chosen = localStorage.getItem('lang'); } catch (e) { chosen = null; }
  const texts = all[chosen] || all[box.dataset.lang] || all.th;
  const where = box.dataset.where || 'window';
  const post = (name, body) => fetch('/api/routes/' + name, { method: 'POST', credentials: 'same-origin',
    headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    .then((r) => (r.ok ? r.json() : null)).catch(() => null);
  let timer;
  let skew = 0;
  const nextAt = (s) => {
    skew = new Date(s.now).getTime() - Date.now();
    const start = new Date(s.sessionStartedAt).getTime() - skew;
    const every = s.intervalMinutes * 60000;
    const due = start + Math.max(1, Math.ceil((Date.now() - start) / every)) * every;
    return due <= Date.now() ? due + every : due;
  };
  const el = (tag, text, cls) => { const e = document.createElement(tag); if (text) e.textContent = text; if (cls) e.className = cls; return e; };
  async function schedule() {
    const s = await post('get-reality-check', {});
    if (!s) return;
    clearTimeout(timer);
    const due = nextAt(s);
    box.dataset.due = new Date(due).toISOString();
    timer = setTimeout(show, due - Date.now());
  }
  async function choose(choice) {
    await post('answer-reality-check', { choice, where });
    if (choice === 'continue') { box.hidden = true; box.replaceChildren(); schedule(); return; }
    if (choice === 'logout') await post('user-logout', {});
    location.href = choice === 'history' ? '/user' : '/';
  }
  async function show() {
    const s = await post('get-reality-check', {});
    if (!s) return;
    const minutes = Math.floor((Date.now() + skew - new Date(s.sessionStartedAt).getTime()) / 60000);
    const dialog = el('div', '', 'rc-box');
    dialog.setAttribute('role', 'alertdialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.dataset.testid = 'reality-check';
    dialog.append(el('h2', texts.title));
    dialog.append(el('p', String(texts.played || '').replace('{{minutes}}', String(minutes))));
    const net = el('p', (texts.net || '') + ': ');
    const sign = s.net < 0 ? '\\u2212' : s.net > 0 ? '+' : '';
    const value = el('strong', sign + new Intl.NumberFormat(texts.lang).format(Math.abs(s.net)), s.net < 0 ? 'rc-loss' : 'rc-gain');
    value.dataset.testid = 'reality-net';
    net.append(value);
    dialog.append(net);
    const actions = el('div', '', 'rc-actions');
    for (const choice of ['continue', 'history', 'logout']) {
      const b = el('button', texts[choice]);
      b.type = 'button';
      b.addEventListener('click', () => choose(choice));
      actions.append(b);
    }
    dialog.append(actions);
    box.replaceChildren(dialog);
    box.hidden = false;
  }
  schedule();
})();
`;

/** GET /protection/reality-check.js and .css: the files realityMarkup() names. */
export async function realityWindowFiles(app: FastifyInstance): Promise<void> {
  app.get('/protection/reality-check.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SCRIPT),
  );
  app.get('/protection/reality-check.css', async (_request, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(CSS),
  );
}
