import { z } from 'zod';
import { MSG } from '../messages.ts';
import { byId, noFields, ok, paged } from './route-parts.ts';

/** Help title and contents: required (msg2024, msg2025) and bounded. */
export const helpTitleField = z
  .string()
  .trim()
  .min(1, 'title: required')
  .max(100, 'title: at most 100 characters');
export const helpContentsField = z
  .string()
  .trim()
  .min(1, 'contents: required')
  .max(5_000, 'contents: at most 5000 characters');

const help = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  contents: z.string(),
  status: z.string(),
  answer: z.string().nullable(),
  lastDate: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});

const note = z.object({
  id: z.number(),
  title: z.string(),
  contents: z.string(),
  lastDate: z.string(),
  read: z.boolean(),
  /** A system note (a deposit credited, a refusal ...): its message key (common `news.*`) and figures, for the page to show in the member's language; null for an operator's note. */
  msgKey: z.string().nullable(),
  msgParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
});

export const notice = z.object({
  id: z.number(),
  title: z.string(),
  contents: z.string(),
  lastDate: z.string(),
  domain: z.string(),
});

export const popupNotice = z.object({
  id: z.number(),
  title: z.string(),
  titleColor: z.string(),
  contents: z.string(),
  posX: z.number(),
  posY: z.number(),
  domain: z.string(),
});

const banner = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  text: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  amount: z.number().nullable(),
});

/** Help tickets, notes, notices, popups and banners (SPEC §7). */
export const communityRoutes = {
  'user-write-help': {
    auth: 'member',
    request: z.object({ title: helpTitleField, contents: helpContentsField }),
    response: ok,
    invalidMsg: MSG.helpWriteFailed,
    fieldMsgs: { title: MSG.helpTitleRequired, contents: MSG.helpContentsRequired },
  },
  'none-login-write': {
    auth: 'guest',
    request: z.object({
      name: z.string().trim().min(1).max(40),
      contact: z.string().trim().min(3).max(100),
      title: helpTitleField,
      contents: helpContentsField,
    }),
    response: ok,
    invalidMsg: MSG.helpWriteFailed,
    fieldMsgs: { title: MSG.helpTitleRequired, contents: MSG.helpContentsRequired },
  },
  'get-help-list': {
    auth: 'member',
    request: paged,
    response: ok.extend({ helps: z.array(help), maxCount: z.number() }),
  },
  'read-help-message': { auth: 'member', request: byId, response: ok },
  /** Hides one of the member's tickets from their list (the operator keeps it). */
  'del-help': {
    auth: 'member',
    request: byId,
    response: ok,
    invalidMsg: MSG.deleteFailed,
  },
  'del-all-help': { auth: 'member', request: noFields, response: ok, invalidMsg: MSG.deleteFailed },
  'get-user-note': {
    auth: 'member',
    request: noFields,
    response: ok.extend({ noteCount: z.number(), latest: note.nullable() }),
  },
  'get-note-list': {
    auth: 'member',
    request: paged,
    response: ok.extend({ notes: z.array(note), maxCount: z.number(), noteCount: z.number() }),
  },
  'read-note-message': { auth: 'member', request: byId, response: ok },
  'del-note': {
    auth: 'member',
    request: byId,
    response: ok,
    invalidMsg: MSG.deleteFailed,
  },
  'read-all-note': { auth: 'member', request: noFields, response: ok.extend({ count: z.number() }) },
  'del-all-note': { auth: 'member', request: noFields, response: ok.extend({ count: z.number() }) },
  'get-user-notices': {
    auth: 'guest',
    request: paged,
    response: ok.extend({ notices: z.array(notice), maxCount: z.number() }),
  },
  'get-notice-popup': {
    auth: 'guest',
    request: noFields,
    response: ok.extend({ popups: z.array(popupNotice) }),
  },
  'get-advertisement': {
    auth: 'guest',
    request: z.object({ type: z.enum(['home', 'jackpot']) }),
    response: ok.extend({ banners: z.array(banner) }),
  },
} as const;
