import { z } from 'zod';
import { SEARCH_TEXT } from '../sports/search-text.ts';
import { idField } from './fields.ts';
import { EXAMPLE_TOKEN, ok, launchTokenField as token } from './provider-api.ts';
import { noFields } from './route-parts.ts';

const instant = z.iso.datetime({ offset: true });
const amount = z.number().int();

export const FAVOURITE_KINDS = ['competition', 'event'] as const;
/** How many favourites of each kind a member keeps. */
export const MAX_FAVOURITES = 100;

/** A league of the navigation, with its open events and those in play now. */
export const leagueSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Its country (a feed's category); null for a league without one. */
  country: z.string().nullable(),
  sportCode: z.string(),
  sport: z.string(),
  events: z.number(),
  live: z.number(),
});
export type League = z.infer<typeof leagueSchema>;
/** The next page of a search: events starting after this (time, id). */
export const searchCursorSchema = z.object({ at: instant, id: idField });

/**
 * Finding a match in the sports window (docs/sportsbook.md, "The sports window"): the sport → league
 * navigation with counts, a search by team or league, the member's favourite leagues and events, and
 * the largest stake the book takes now (Max). Part of the sports API (sports-api.ts); the event
 * answers are the listing's (`sportEventSchema`), passed in to keep one definition.
 */
export function browseActions<E extends z.ZodType>(sportEvent: E) {
  return {
    leagues: {
      summary: 'The navigation: each sport’s leagues with their open events and events in play',
      auth: 'public',
      request: noFields,
      example: {},
      response: ok.extend({ leagues: z.array(leagueSchema) }),
      answers: { success: 200 },
    },
    popular: {
      summary:
        'The sports home’s popular matches: the open events with the most accepted bets (a bet counts once per event), most first',
      auth: 'public',
      request: z.object({ limit: z.number().int().min(1).max(20).optional() }),
      example: { limit: 6 },
      response: ok.extend({
        events: z.array(sportEvent),
        /** Each event's accepted bets, by its id. */
        bets: z.record(z.string(), z.number()),
      }),
      answers: { success: 200 },
    },
    search: {
      summary:
        'Open events whose team or league starts a word with the text, 20 a page, and the leagues named so',
      auth: 'public',
      request: z.object({
        q: z.string().trim().regex(SEARCH_TEXT, 'search for 2 to 50 letters or digits'),
        after: searchCursorSchema.optional(),
        limit: z.number().int().min(1).max(50).optional(),
      }),
      example: { q: 'arsenal', limit: 20 },
      response: ok.extend({
        events: z.array(sportEvent),
        leagues: z.array(leagueSchema),
        next: searchCursorSchema.nullable(),
      }),
      answers: { success: 200 },
    },
    favourites: {
      summary: 'The member’s favourite leagues and events (the open ones, with their markets)',
      auth: 'token',
      request: z.object({ token }),
      example: { token: EXAMPLE_TOKEN },
      response: ok.extend({
        leagues: z.array(z.number()),
        events: z.array(sportEvent),
      }),
      answers: { success: 200 },
    },
    favourite: {
      summary: 'Adds a league or event to the member’s favourites, or takes it off (`on: false`)',
      auth: 'token',
      request: z.object({ token, kind: z.enum(FAVOURITE_KINDS), id: idField, on: z.boolean() }),
      example: { token: EXAMPLE_TOKEN, kind: 'competition', id: 3, on: true },
      response: ok.extend({ kind: z.enum(FAVOURITE_KINDS), id: z.number(), on: z.boolean() }),
      answers: { success: 200 },
      refusals: { 404: ['not_found'], 409: ['too_many'] },
    },
    maxStake: {
      summary:
        'The largest stake the book takes now from this member: per selection as a single, and per line of a multiple or system bet',
      auth: 'token',
      request: z.object({
        token,
        selectionIds: z.array(idField).min(1).max(100),
        kind: z.enum(['multiple', 'system']).optional(),
        sizes: z.array(z.number().int().min(1).max(20)).max(20).optional(),
        systemName: z.string().max(20).optional(),
      }),
      example: { token: EXAMPLE_TOKEN, selectionIds: [101, 205], kind: 'multiple' },
      response: ok.extend({
        currency: z.string(),
        /** null: no limit reaches it (the balance still does). */
        singles: z.array(z.object({ selectionId: z.number(), max: amount.nullable() })),
        combined: amount.nullable().optional(),
      }),
      answers: { success: 200 },
      refusals: { 400: ['invalid_bet'] },
    },
  } as const;
}
