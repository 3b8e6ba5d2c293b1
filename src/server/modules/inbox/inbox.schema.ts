import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Translations } from '../../../shared/content-language.ts';
import { NOTE_TARGETS, type NoteTarget } from '../../../shared/vocabulary.ts';
import { createdAtColumn, idColumn, int8, timestamptz } from '../../db/columns.ts';
import { memberIdColumn, members } from '../accounts/accounts.schema.ts';
import { sites } from '../sites/sites.schema.ts';

export { NOTE_TARGETS, type NoteTarget };

/** A message from the operator to one member, to every member of a level, or to everyone. */
export const notes = pgTable(
  'notes',
  {
    id: idColumn(),
    target: text('target', { enum: NOTE_TARGETS }).notNull(),
    memberId: int8('member_id').references(() => members.id),
    level: integer('level'),
    /** The site whose members a level's or everyone's note reaches; NULL: every site. */
    siteId: int8('site_id').references(() => sites.id),
    title: text('title').notNull(),
    contents: text('contents').notNull(),
    /** The other languages' versions; title and contents are the site's default language. */
    translations: jsonb('translations').$type<Translations>().notNull().default({}),
    sentBy: text('sent_by').notNull(),
    /** A system note: the message key (inbox namespace, `system.*`) each member reads in their language. */
    msgKey: text('msg_key'),
    msgParams: jsonb('msg_params').$type<Record<string, string | number>>(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('notes_member').on(t.memberId),
    index('notes_level').on(t.level).where(sql`${t.target} = 'level'`),
    index('notes_broadcast').on(t.createdAt).where(sql`${t.target} = 'all'`),
    check(
      'notes_target_shape',
      sql`(${t.target} = 'member' and ${t.memberId} is not null) or (${t.target} = 'level' and ${t.level} is not null) or ${t.target} = 'all'`,
    ),
  ],
);

/** Per member and note: when it was read or deleted (broadcast notes get a row on first touch). */
export const noteReceipts = pgTable(
  'note_receipts',
  {
    noteId: int8('note_id')
      .notNull()
      .references(() => notes.id),
    memberId: memberIdColumn(),
    readAt: timestamptz('read_at'),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.memberId] })],
);

/**
 * Which notes member `m` sees (aliases n for notes, m for members): their own, their level's and
 * everyone's of their site (or of every site), broadcasts only from the day they joined. Shared by the
 * inbox and the session query.
 */
export const NOTE_VISIBLE_SQL = `((n.target = 'member' and n.member_id = m.id)
  or (n.target = 'level' and n.level = m.level and (n.site_id is null or n.site_id = m.site_id)
    and n.created_at >= m.created_at)
  or (n.target = 'all' and (n.site_id is null or n.site_id = m.site_id) and n.created_at >= m.created_at))`;

/**
 * What the live stream tells a member on screen as it happens (a deposit credited, a bet settled): the
 * stream carries the newest row. Those that last are also a note (`noteId`).
 */
export const memberNews = pgTable(
  'member_news',
  {
    id: idColumn(),
    memberId: memberIdColumn(),
    msgKey: text('msg_key').notNull(),
    msgParams: jsonb('msg_params').$type<Record<string, string | number>>().notNull().default({}),
    noteId: int8('note_id').references(() => notes.id),
    createdAt: createdAtColumn(),
  },
  (t) => [index('member_news_member').on(t.memberId, t.id)],
);
