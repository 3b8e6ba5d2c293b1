import { sql } from 'drizzle-orm';
import { inLanguage, type Translations } from '../../../shared/content-language.ts';
import type { Locale } from '../../../shared/format.ts';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { findMember } from '../accounts/members.service.ts';
import type { SessionMember } from '../accounts/sessions.service.ts';
import { notifyLive, notifyMembers } from '../live/live.notify.ts';
import { NOTE_VISIBLE_SQL, type NoteTarget, noteReceipts, notes } from './inbox.schema.ts';

/** What decides which notes a member sees: who they are, their site and level, since when they are a member. */
interface Viewer {
  id: number;
  siteId: number;
  level: number;
  createdAt: Date;
}

/** The member as the notes see them (the accounts module's record); an unknown id sees none of the broadcasts. */
async function viewerOf(db: DbOrTx, memberId: number): Promise<Viewer> {
  const member = await findMember(db, memberId);
  return member
    ? { id: member.id, siteId: member.siteId, level: member.level, createdAt: member.createdAt }
    : { id: memberId, siteId: -1, level: -1, createdAt: new Date(8.64e15) };
}

/** The viewer as the row `m` that NOTE_VISIBLE_SQL reads. */
const viewerRow = (m: Viewer) =>
  sql`(select ${m.id}::int8 as id, ${m.siteId}::int8 as site_id, ${m.level}::int as level, ${m.createdAt.toISOString()}::timestamptz as created_at) m`;

/** Notes the member can see (NOTE_VISIBLE_SQL), minus those they deleted. */
const visibleNotes = (m: Viewer) => sql`
  select n.*, r.read_at, r.deleted_at from notes n
  cross join ${viewerRow(m)}
  left join note_receipts r on r.note_id = n.id and r.member_id = m.id
  where ${sql.raw(NOTE_VISIBLE_SQL)} and r.deleted_at is null`;

interface NoteRow {
  id: number;
  title: string;
  contents: string;
  translations: Translations | null;
  created_at: string | Date;
  read_at: string | Date | null;
  msg_key: string | null;
  msg_params: Record<string, string | number> | null;
}

const toNote = (r: NoteRow, locale: Locale | undefined) => ({
  id: r.id,
  ...inLanguage({ title: r.title, contents: r.contents }, r.translations, locale),
  lastDate: new Date(r.created_at).toISOString(),
  read: r.read_at !== null,
  msgKey: r.msg_key,
  msgParams: r.msg_params,
});

export async function listNotes(
  db: Db,
  member: SessionMember,
  { page, pageSize }: { page: number; pageSize: number },
  locale?: Locale,
) {
  const viewer = await viewerOf(db, member.memberId);
  const rows = await queryRows<NoteRow>(
    db,
    sql`${visibleNotes(viewer)} order by n.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const [total] = await queryRows<{ n: number; unread: number }>(
    db,
    sql`select count(*) as n, count(*) filter (where v.read_at is null) as unread from (${visibleNotes(viewer)}) v`,
  );
  return {
    notes: rows.map((r) => toNote(r, locale)),
    maxCount: total?.n ?? 0,
    noteCount: total?.unread ?? 0,
  };
}

/** The unread count and the newest note, for the header and the alert. */
export async function latestNote(db: Db, member: SessionMember, locale?: Locale) {
  const list = await listNotes(db, member, { page: 1, pageSize: 1 }, locale);
  return { noteCount: list.noteCount, latest: list.notes[0] ?? null };
}

async function assertVisible(db: DbOrTx, memberId: number, noteId: number) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select v.id from (${visibleNotes(await viewerOf(db, memberId))}) v where v.id = ${noteId}`,
  );
  if (!row) throw errors.notFound('such note');
}

async function stamp(db: DbOrTx, memberId: number, noteId: number, field: 'read' | 'deleted') {
  const now = new Date();
  await db
    .insert(noteReceipts)
    .values({ noteId, memberId, [field === 'read' ? 'readAt' : 'deletedAt']: now })
    .onConflictDoUpdate({
      target: [noteReceipts.noteId, noteReceipts.memberId],
      set: field === 'read' ? { readAt: sql`coalesce(${noteReceipts.readAt}, now())` } : { deletedAt: now },
    });
}

export async function readNote(db: Db, member: SessionMember, noteId: number) {
  await assertVisible(db, member.memberId, noteId);
  await stamp(db, member.memberId, noteId, 'read');
}

export async function deleteNote(db: Db, member: SessionMember, noteId: number) {
  await assertVisible(db, member.memberId, noteId);
  await stamp(db, member.memberId, noteId, 'deleted');
}

/** Read all / delete all: one statement over every note the member can see. */
export async function stampAllNotes(
  db: Db,
  member: SessionMember,
  field: 'read' | 'deleted',
): Promise<number> {
  const column = field === 'read' ? sql`read_at` : sql`deleted_at`;
  const rows = await queryRows<{ note_id: number }>(
    db,
    sql`insert into note_receipts (note_id, member_id, ${column})
        select v.id, ${member.memberId}, now() from (${visibleNotes(await viewerOf(db, member.memberId))}) v
        on conflict (note_id, member_id) do update set ${column} = coalesce(note_receipts.${column}, now())
        returning note_id`,
  );
  return rows.length;
}

/** Operator: sends a note to one member, or to a level or everyone of one site (`siteId`) or of every site. */
export async function sendNote(
  db: DbOrTx,
  input: {
    target: NoteTarget;
    memberId?: number;
    level?: number;
    siteId?: number | undefined;
    title: string;
    contents: string;
    translations?: Translations;
    sentBy: string;
  },
) {
  const [row] = await db
    .insert(notes)
    .values({
      target: input.target,
      memberId: input.target === 'member' ? input.memberId : null,
      level: input.target === 'level' ? input.level : null,
      siteId: input.target === 'member' ? null : (input.siteId ?? null),
      title: input.title,
      contents: input.contents,
      translations: input.translations ?? {},
      sentBy: input.sentBy,
    })
    .returning();
  await (input.target === 'member' && input.memberId !== undefined
    ? notifyMembers(db, [input.memberId])
    : notifyLive(db, { k: 'everyone' }));
  return row!;
}

/** Operator: the notes a member can see (theirs, their level's, everyone's), with read and deleted times. */
export async function notesOfMember(db: Db, memberId: number, limit: number) {
  const rows = await queryRows<
    NoteRow & { target: NoteTarget; sent_by: string; deleted_at: string | Date | null }
  >(
    db,
    sql`select n.*, r.read_at, r.deleted_at from notes n
        cross join ${viewerRow(await viewerOf(db, memberId))}
        left join note_receipts r on r.note_id = n.id and r.member_id = m.id
        where ${sql.raw(NOTE_VISIBLE_SQL)} order by n.id desc limit ${limit}`,
  );
  const at = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());
  return rows.map((r) => ({
    id: r.id,
    target: r.target,
    title: r.title,
    contents: r.contents,
    sentBy: r.sent_by,
    createdAt: at(r.created_at),
    readAt: at(r.read_at),
    deletedAt: at(r.deleted_at),
  }));
}
