import { type Fields, numeric, rowAliases, withRowAliases } from './aliases.ts';
import type { PathTable } from './path-types.ts';

const byId = (raw: Fields): Fields => ({ id: numeric(raw.id ?? raw._id ?? raw.idx) });
const rows = (answer: Fields) => withRowAliases(answer);
const BY_ID = '`{id}` (or `_id`, `idx`; a numeric string is read as a number).';

/** `/public/community/...` (the product's spellings kept: usre_, wirte). */
export const communityPaths: PathTable = {
  user_get_notices: { route: 'get-user-notices', reply: rows },
  user_get_notice_popup: {
    route: 'get-notice-popup',
    reply: (answer) => {
      const aliased = withRowAliases(answer);
      const popups = aliased.popups as Fields[];
      return { ...aliased, note: popups.map((p) => ({ ...p, idx: p.id })) };
    },
  },
  usre_get_note: {
    route: 'get-user-note',
    reply: (answer) => {
      const latest = answer.latest as Fields | null;
      return { ...answer, latest: latest ? rowAliases(latest) : null };
    },
  },
  /** Older front ends read the list as `note` (an array, as they read popups); `notes` stays. */
  usre_get_note_list: {
    route: 'get-note-list',
    reply: (answer) => {
      const aliased = withRowAliases(answer);
      return { ...aliased, note: (aliased.notes as Fields[]).map((n) => ({ ...n, idx: n.id })) };
    },
  },
  usre_do_read_note: { route: 'read-note-message', about: BY_ID, body: byId },
  usre_do_del_note: { route: 'del-note', about: BY_ID, body: byId },
  do_read_all_note: { route: 'read-all-note' },
  do_del_all_note: { route: 'del-all-note' },
  get_help_list: { route: 'get-help-list', reply: rows },
  user_wirte_help: { route: 'user-write-help' },
  admin_do_help_message_read: { route: 'read-help-message', about: BY_ID, body: byId },
  admin_del_all_help: { route: 'del-all-help' },
  user_del_help: { route: 'del-help', about: BY_ID, body: byId },
  none_login_write: {
    route: 'none-login-write',
    about: '`{name (or nick, id), contact (or phone), title, contents (or text)}`: a guest’s question.',
    body: (raw) => ({
      name: raw.name ?? raw.nick ?? raw.id,
      contact: raw.contact ?? raw.phone,
      title: raw.title,
      contents: raw.contents ?? raw.text,
    }),
  },
  user_ask_account_wirte_help: { route: 'user-ask-account' },
  user_get_advertisement: { route: 'get-advertisement', reply: rows },
  /** Promotions are the home banners here; these clients read them as `evens`. */
  get_event_list: {
    route: 'get-advertisement',
    about: 'No body: the promotions are the home banners, answered as `evens` (and `banners`).',
    body: () => ({ type: 'home' }),
    reply: (answer) => {
      const aliased = withRowAliases(answer);
      return { ...aliased, evens: aliased.banners };
    },
  },
  admin_get_help_no_read_message: {
    route: 'user-health-check',
    reply: (answer) => ({ status: answer.status, count: answer.helpCount, helpCount: answer.helpCount }),
  },
};
