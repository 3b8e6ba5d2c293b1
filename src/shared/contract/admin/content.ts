import { z } from 'zod';
import { LOCALES } from '../../format.ts';
import { BANNER_TYPES, CONTENT_KINDS, CONTENT_STATES } from '../../vocabulary.ts';
import { endpoint, instantOut, ok } from './endpoint.ts';
import { domainList, httpsUrl, idText, instant, patchOf, sameOriginPath, sortOrder } from './fields.ts';

const html = z.string().trim().min(1).max(20_000);
const title = z.string().trim().min(1).max(200);
/**
 * The other languages' versions: per language its title and HTML (a banner: title and text). The
 * item's own fields are the site's default language; what a language leaves empty falls back to them.
 */
const translation = z
  .object({
    title: z.string().trim().max(200).optional(),
    contents: z.string().trim().max(20_000).optional(),
    text: z.string().trim().max(500).optional(),
  })
  .strict();
export const translationsField = z
  .object(
    Object.fromEntries(LOCALES.map((l) => [l, translation.optional()])) as Record<
      (typeof LOCALES)[number],
      z.ZodOptional<typeof translation>
    >,
  )
  .strict();
const schedule = {
  translations: translationsField.optional(),
  domain: domainList.optional(),
  published: z.boolean().optional(),
  startsAt: instant.optional(),
  endsAt: instant.optional(),
};

/** The fields of each kind on create; an edit sends any non-empty subset of them. */
export const CONTENT_FIELDS = {
  notice: z.object({ title, contents: html, ...schedule }),
  popup: z.object({
    title,
    contents: html,
    titleColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #f5c542')
      .optional(),
    posX: z.number().int().min(0).max(4000).optional(),
    posY: z.number().int().min(0).max(4000).optional(),
    ...schedule,
  }),
  banner: z.object({
    type: z.enum(BANNER_TYPES),
    title,
    text: z.string().trim().max(500).optional(),
    imageUrl: sameOriginPath.nullable().optional(),
    linkUrl: z.union([sameOriginPath, httpsUrl]).nullable().optional(),
    amount: z.number().int().nonnegative().max(1e15).nullable().optional(),
    sortOrder: sortOrder.optional(),
    ...schedule,
  }),
} as const;

const itemCommon = {
  id: z.number(),
  title: z.string(),
  domain: z.string(),
  published: z.boolean(),
  startsAt: instantOut.nullable(),
  endsAt: instantOut.nullable(),
  state: z.enum(CONTENT_STATES),
  createdAt: instantOut,
  translations: translationsField,
};
export const contentItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('notice'), ...itemCommon, contents: z.string(), updatedAt: instantOut }),
  z.object({
    kind: z.literal('popup'),
    ...itemCommon,
    contents: z.string(),
    titleColor: z.string(),
    posX: z.number(),
    posY: z.number(),
  }),
  z.object({
    kind: z.literal('banner'),
    ...itemCommon,
    type: z.enum(BANNER_TYPES),
    text: z.string(),
    imageUrl: z.string().nullable(),
    linkUrl: z.string().nullable(),
    amount: z.number().nullable(),
    sortOrder: z.number(),
  }),
]);

const kindParam = z.object({ kind: z.enum(CONTENT_KINDS) });
const itemParams = kindParam.extend({ id: idText });

/** Notices, popups and banners: list, create, edit, schedule, unpublish, delete; the HTML preview. */
export const contentEndpoints = {
  preview: endpoint({
    method: 'POST',
    path: '/content/preview',
    summary: 'The HTML as members would get it after the allow-list',
    body: z.object({ contents: z.string().max(20_000) }),
    response: ok.extend({ html: z.string() }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/content/:kind',
    summary: 'Every item of a kind, published or not, newest first',
    params: kindParam,
    response: ok.extend({ items: z.array(contentItem) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/content/:kind',
    summary:
      "Creates a notice, popup or banner (HTML through the allow-list); the body holds its kind's fields",
    params: kindParam,
    bodyOf: { param: 'kind', schemas: CONTENT_FIELDS },
    response: ok.extend({ id: z.number(), item: contentItem }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/content/:kind/:id',
    summary: "Edits an item: any non-empty subset of its kind's fields",
    params: itemParams,
    bodyOf: {
      param: 'kind',
      schemas: {
        notice: patchOf(CONTENT_FIELDS.notice.partial()),
        popup: patchOf(CONTENT_FIELDS.popup.partial()),
        banner: patchOf(CONTENT_FIELDS.banner.partial()),
      },
    },
    response: ok.extend({ item: contentItem }),
  }),
  remove: endpoint({
    method: 'POST',
    path: '/content/:kind/:id/delete',
    summary: 'Deletes an item for good (its last state stays in the audit log)',
    params: itemParams,
    response: ok,
  }),
} as const;
