/**
 * The product's fixed word lists, shared by the database schema (server) and the API contracts
 * (server and both web apps), so each list is written once and the back office never imports
 * server code to learn them.
 */

export const OPERATOR_ROLES = ['owner', 'cashier', 'support', 'content', 'trading', 'compliance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Operator logins: lower-case, 3–32 characters, starting with a letter. */
export const OPERATOR_LOGIN = /^[a-z][a-z0-9_-]{2,31}$/;

/** What each back-office action needs; every admin route names one of these. */
export const PERMISSIONS = [
  'dashboard.view',
  'cashier.view',
  'cashier.decide',
  'members.view',
  'members.manage',
  'support.answer',
  'notes.send',
  'content.manage',
  'games.manage',
  /** The sportsbook's trading desk: prices, suspensions, results, settlement and corrections. */
  'trading',
  /** The verification (KYC) review queue: members' identity documents, approve, reject, ask for another. */
  'kyc.review',
  'settings.manage',
  'audit.view',
  /** The system-health screen: memory, database, backlogs (the figures of GET /metrics). */
  'system.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const MEMBER_STATUSES = ['active', 'blocked', 'self_excluded'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** A member's own protection: a break (24 h to 6 weeks) or a self-exclusion (6 months to 5 years, or permanent). */
export const PROTECTION_KINDS = ['break', 'exclusion'] as const;
export type ProtectionKind = (typeof PROTECTION_KINDS)[number];
/** Break lengths in days and exclusion lengths in months a member may choose ('permanent': no end). */
export const BREAK_DAYS = [1, 3, 7, 14, 30, 42] as const;
export const EXCLUSION_MONTHS = [6, 12, 24, 36, 60] as const;
/** Where a member's protection stands: none, running, ended (lift may be asked), cooling (asked, a day to wait). */
export const PROTECTION_STATES = ['none', 'active', 'ended', 'cooling'] as const;
export type ProtectionState = (typeof PROTECTION_STATES)[number];

/**
 * Limits a member sets on themselves: deposits, losses (stakes less wins and refunds) and stakes per day,
 * week or month of the site's time zone; a session time limit in minutes (period 'session').
 */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month', 'session'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/** What a member answers when the reality check pauses a game. */
export const REALITY_CHOICES = ['continue', 'history', 'logout'] as const;
export type RealityChoice = (typeof REALITY_CHOICES)[number];
/** Reality check intervals a member may choose (minutes); 60 unless they chose. */
export const REALITY_MINUTES = [15, 30, 45, 60, 90, 120] as const;
/** What happens to a member's open sports bets when a break or self-exclusion starts (a site setting). */
export const OPEN_BETS_ON_PROTECTION = ['keep', 'cancel'] as const;
export type OpenBetsOnProtection = (typeof OPEN_BETS_ON_PROTECTION)[number];

/** What a member uploads to verify their account (KYC): an identity document, a proof of address, a selfie. */
export const KYC_DOCUMENT_KINDS = ['identity', 'address', 'selfie'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];
/** Where one uploaded document stands: waiting for an operator, approved, or rejected with a reason. */
export const KYC_DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number];
/**
 * Verification levels: 0 nothing verified, 1 identity verified, 2 identity, address and selfie verified.
 * A site's settings say which level a withdrawal needs (sites.schema.ts, KycSettings).
 */
export const KYC_LEVELS = [0, 1, 2] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];
/** The file types a document may be, told by their first bytes (never by the name or the claimed type). */
export const KYC_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type KycFileType = (typeof KYC_FILE_TYPES)[number];
/** The largest document accepted, in bytes (5 MiB): a phone photo fits, a scan at 300 dpi fits. */
export const KYC_MAX_BYTES = 5 * 1024 * 1024;

export const CASH_REQUEST_KINDS = ['deposit', 'withdraw'] as const;
export type CashRequestKind = (typeof CASH_REQUEST_KINDS)[number];
/** The product's words: wait (asked), reg (at the payment provider), already (done), cansel (cancelled). */
export const CASH_REQUEST_STATUSES = ['wait', 'reg', 'already', 'cansel'] as const;
export type CashRequestStatus = (typeof CASH_REQUEST_STATUSES)[number];

export const PAYMENT_KINDS = ['bank', 'card', 'coin'] as const;

/** 'help': a member's question; 'account': a request for the operator's deposit account. */
export const TICKET_KINDS = ['help', 'account'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

export const NOTE_TARGETS = ['member', 'level', 'all'] as const;
export type NoteTarget = (typeof NOTE_TARGETS)[number];

export const CONTENT_KINDS = ['notice', 'popup', 'banner'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const BANNER_TYPES = ['home', 'jackpot'] as const;
export type BannerType = (typeof BANNER_TYPES)[number];
/** What members see of an item now: only 'live' items reach the member site. */
export const CONTENT_STATES = ['live', 'scheduled', 'ended', 'unpublished'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

export const VENDOR_CATEGORIES = ['casino', 'slot', 'sport'] as const;
export type VendorCategory = (typeof VENDOR_CATEGORIES)[number];

export const ROUND_STATUSES = ['open', 'closed', 'cancelled'] as const;
/**
 * What changed a member's debt: a correction that took back money already spent, a later credit that
 * collected it, an operator who wrote it off or collected it from the member's cash, or a correction of
 * a written-off round in the member's favour that restored the write-off (its credit then collects it).
 */
export const DEBT_CAUSES = [
  'correction',
  'collected',
  'written_off',
  'collected_from_cash',
  'write_off_restored',
  // A payment provider reversed a deposit (a chargeback) the member had already spent in part.
  'deposit_reversed',
] as const;

/** What a member filters the statement by; each names a group of transfer kinds (TRANSFER_KIND_FILTERS). */
export const STATEMENT_KINDS = [
  'deposit',
  'withdraw',
  'game',
  'bonus',
  'comp',
  'vault',
  'adjustment',
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/**
 * Every kind of ledger transfer (`ledger_transfers.kind`), each with the statement filter it is listed
 * under; null for a transfer between two house accounts, which no member's statement shows. The one list:
 * the TypeScript transfer takes only these (`TransferInput.kind`), a test reads the SQL functions' kinds
 * against it (transfer-kinds.unit.test.ts), and every kind has its name in each language
 * (`user.json`, `movement.<kind>`: my page, its CSV and the back office's member page read the same).
 */
export const TRANSFER_KIND_FILTERS = {
  deposit: 'deposit',
  // A deposit its payment provider reversed (a chargeback): the credit taken back from cash.
  deposit_reversal: 'deposit',
  withdraw_hold: 'withdraw',
  withdrawal: 'withdraw',
  withdraw_return: 'withdraw',
  bet: 'game',
  win: 'game',
  bet_rollback: 'game',
  jackpot_win: 'game',
  // A win's correction and the debt it left, repaid from a later credit, are the games' money too.
  settlement_correction: 'game',
  debt_collection: 'game',
  // Stakes and wins in bonus money are play like any other; so is a free spin's win (paid as bonus).
  bonus_bet: 'game',
  bonus_win: 'game',
  bonus_bet_rollback: 'game',
  bonus_correction: 'game',
  free_spin_win: 'game',
  // What a promotion gives and takes back.
  bonus_grant: 'bonus',
  bonus_convert: 'bonus',
  bonus_cap_return: 'bonus',
  bonus_forfeit: 'bonus',
  bonus_expire: 'bonus',
  cashback: 'bonus',
  // A cashback recomputed after a correction of its rounds: the top-up paid, or the part taken back.
  cashback_correction: 'bonus',
  comp_accrual: 'comp',
  comp_exchange: 'comp',
  comp_reversal: 'comp',
  vault_in: 'vault',
  vault_out: 'vault',
  adjustment: 'adjustment',
  adjustment_reversal: 'adjustment',
  // Between house accounts only: the jackpot's feed (and a rolled-back bet's share, fed back) and reseed, a
  // free spin's stake (the promotion pays it), and bonus money coming back from a round after its bonus
  // ended (to the promotions expense).
  jackpot_contribution: null,
  jackpot_contribution_rollback: null,
  jackpot_reseed: null,
  free_spin_bet: null,
  bonus_win_returned: null,
  bonus_bet_rollback_returned: null,
  bonus_correction_returned: null,
} as const satisfies Record<string, StatementKind | null>;
export type TransferKind = keyof typeof TRANSFER_KIND_FILTERS;
export const TRANSFER_KINDS = Object.keys(TRANSFER_KIND_FILTERS) as TransferKind[];

/**
 * A transfer kind filed under another statement filter when its other side is this house account: a
 * chargeback's debt, repaid from a later credit, goes back to the house's deposits account. That is the
 * deposit taken back, not play (a corrected round's debt, repaid to game revenue, stays under games).
 */
export const TRANSFER_KINDS_BY_HOUSE = [
  { kind: 'debt_collection', house: 'house_deposits', filter: 'deposit' },
] as const satisfies readonly { kind: TransferKind; house: string; filter: StatementKind }[];

/** Local time of day, HH:MM; 24:00 closes at midnight. */
export const HHMM = /^([01]\d|2[0-4]):[0-5]\d$/;

/** The highest member level. */
export const MAX_LEVEL = 20;
