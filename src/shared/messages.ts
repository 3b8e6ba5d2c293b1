/**
 * Message keys the pages show (SPEC §8) and the status words replies carry.
 * Keys msg20xx/msg22xx are the product's own; msg30xx are ours, for cases the spec leaves open.
 */
export const MSG = {
  loginNeeded: 'msg2001',
  gameDisabled: 'msg2002',
  newNote: 'msg2003',
  newHelpReply: 'msg2004',
  accountRequested: 'msg2005',
  depositPositive: 'msg2007',
  depositMinimum: 'msg2008',
  depositStep: 'msg2009',
  depositRequested: 'msg2010',
  failure: 'msg2012',
  withdrawStep: 'msg2013',
  withdrawMinimum: 'msg2014',
  withdrawRequested: 'msg2015',
  insufficientBalance: 'msg2016',
  withdrawFailed: 'msg2018',
  helpTitleRequired: 'msg2024',
  helpContentsRequired: 'msg2025',
  helpWritten: 'msg2026',
  helpWriteFailed: 'msg2027',
  loginSuccess: 'msg2029',
  loginFailed: 'msg2030',
  helpAllDeleted: 'msg2053',
  deleteFailed: 'msg2054',
  pendingRequest: 'msg2204',
  accountAlreadyRequested: 'msg2205',
  waitOther: 'msg2207',
  loginLoading: 'msg2214',
  logoutConfirm: 'msg2216',
  gameLoading: 'msg2217',
  gameMaintenance: 'msg2218',
  helpDeleteAllConfirm: 'msg2221',
  helpSendConfirm: 'msg2222',
  accountRequestFailed: 'msg2224',
  // Ours.
  invalidInput: 'msg3000',
  loginLimited: 'msg3001',
  tooManyRequests: 'msg3009',
  paymentsUnavailable: 'msg3008',
  forbidden: 'msg3002',
  notFound: 'msg3003',
  tooLarge: 'msg3004',
  registered: 'msg3010',
  idTaken: 'msg3011',
  nickTaken: 'msg3012',
  referralUnknown: 'msg3013',
  idAvailable: 'msg3014',
  nickAvailable: 'msg3015',
  registrationClosed: 'msg3016',
  passwordChanged: 'msg3020',
  passwordWrong: 'msg3021',
  loggedOut: 'msg3022',
  accountBlocked: 'msg3023',
  duplicateRequest: 'msg3024',
  depositClosed: 'msg3030',
  withdrawClosed: 'msg3031',
  compExchanged: 'msg3032',
  compBelowMinimum: 'msg3033',
  requestDeleted: 'msg3034',
  paymentLimits: 'msg3035',
  selfExcluded: 'msg3036',
  /** Every game provider is seamless: the balance is used in games directly, nothing to transfer. */
  seamlessWallet: 'msg3040',
  /** {{owed}}: what the member owes after a settlement correction or a reversed deposit; no withdrawal or move to the vault until repaid. */
  debtOwed: 'msg3041',
  // The member's own pending requests (issue 31).
  requestCancelled: 'msg3050',
  requestDecided: 'msg3051',
  paymentClosed: 'msg3052',
  // Player protection (issue 17): msg31xx. {{until}} in a key is the reply's `until`, shown as a date.
  onBreakUntil: 'msg3101',
  excludedUntil: 'msg3102',
  excludedPermanently: 'msg3103',
  protectionEnded: 'msg3104',
  protectionCooling: 'msg3105',
  protectionSet: 'msg3106',
  liftRequested: 'msg3107',
  protectionNotOver: 'msg3108',
  alreadyProtected: 'msg3109',
  statementRangeTooLong: 'msg3110',
  // A limit refused: which limit is named by the key; {{limit}} its amount, {{resetsAt}} when its period ends.
  depositLimitDay: 'msg3111',
  depositLimitWeek: 'msg3112',
  depositLimitMonth: 'msg3113',
  lossLimitDay: 'msg3114',
  lossLimitWeek: 'msg3115',
  lossLimitMonth: 'msg3116',
  wagerLimitDay: 'msg3117',
  wagerLimitWeek: 'msg3118',
  wagerLimitMonth: 'msg3119',
  sessionLimitReached: 'msg3120',
  limitApplied: 'msg3121',
  /** {{from}}: when the member may confirm the increase or removal. */
  limitPending: 'msg3122',
  limitNotYet: 'msg3123',
  limitNothingPending: 'msg3124',
  limitConfirmed: 'msg3125',
  realityCheckSaved: 'msg3126',
  // Verification (KYC, issue 32): msg32xx. {{requiredLevel}}: the level the withdrawal needs.
  /** A withdrawal needs a verification level the member has not reached; upload documents on My page. */
  kycLevelRequired: 'msg3201',
  kycUploaded: 'msg3202',
  /** The file is over KYC_MAX_BYTES. */
  kycFileTooLarge: 'msg3203',
  /** Not a JPEG, PNG, WebP or PDF, or not what it claims to be. */
  kycFileType: 'msg3204',
  /** A document of this kind already waits for review. */
  kycAlreadyPending: 'msg3205',
  /** A document of this kind is already approved. */
  kycAlreadyApproved: 'msg3206',
  // Accounts (issue 32): registration facts, password recovery, two-step login: msg35xx.
  emailRequired: 'msg3501',
  /** {{minAge}}: the site's minimum age. */
  tooYoung: 'msg3502',
  termsRequired: 'msg3503',
  termsChanged: 'msg3504',
  bankUnknown: 'msg3505',
  birthDateInvalid: 'msg3506',
  resetSentEmail: 'msg3510',
  resetSentSms: 'msg3511',
  resetCodeWrong: 'msg3512',
  passwordReset: 'msg3513',
  resetLimited: 'msg3514',
  otpRequired: 'msg3520',
  otpWrong: 'msg3521',
  twoFactorOn: 'msg3522',
  twoFactorOff: 'msg3523',
  othersSignedOut: 'msg3524',
  bankChanged: 'msg3525',
  twoFactorAlready: 'msg3526',
  twoFactorNotOn: 'msg3527',
  /** A member's session (or login) on another site's host: each site's members use their own site. */
  otherSiteAccount: 'msg3528',
  /** Too many wrong second-factor codes in a day: the second step is locked (attempt-limits.ts). */
  otpLocked: 'msg3529',
  /** The server cannot open stored second-factor secrets (a wrong TOTP_SECRET_KEY): not the member's fault, try later. */
  secondFactorUnavailable: 'msg3530',
  // Promotions (issue 36).
  promoUnavailable: 'msg3600',
  promoNotEligible: 'msg3601',
  promoMinDeposit: 'msg3602',
  promoAlreadyClaimed: 'msg3603',
  promoBonusActive: 'msg3604',
  promoClaimed: 'msg3605',
  promoMaxStake: 'msg3606',
  promoForfeitFirst: 'msg3607',
  promoProtected: 'msg3608',
  promoCodeUnknown: 'msg3609',
  /** A cash-first bonus is running: its cash is staked before the bonus, so it may not go into the vault. */
  promoVaultCashFirst: 'msg3610',
} as const;

export type MsgKey = (typeof MSG)[keyof typeof MSG];

/** Every key above: the i18n completeness test checks all five languages carry each. */
export const ALL_MSG_KEYS: readonly MsgKey[] = Object.values(MSG);

/** Reply status words (SPEC §8 where one fits, plain English words otherwise). */
export const STATUS = {
  success: 'success',
  authenticated: 'authenticated',
  alreadHaveUser: 'alread_have_user',
  cantFindCode: 'cant_find_code',
  already: 'already',
  alread: 'alread',
  wait: 'wait',
  time: 'time',
  balance: 'balance',
  lowPoint: 'low_point',
  pass: 'pass',
  duplicate: 'duplicate',
  /** A transfer-wallet call where every provider is seamless (older front ends' user_transfer_in). */
  seamless: 'seamless',
  /** The member owes money after a settlement correction or a reversed deposit (`owed`): cash may not leave for a withdrawal or the vault. */
  debt: 'debt',
  invalid: 'invalid',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  tooLarge: 'too_large',
  unsupportedMediaType: 'unsupported_media_type',
  limited: 'limited',
  closed: 'closed',
  /** A break or self-exclusion the member chose is running: no deposit, bet or game until `until`. */
  excluded: 'excluded',
  /** A limit the member set refuses the deposit or stake: `limit`, `period`, `amount`, `resetsAt` say which and until when. */
  limit: 'limit',
  /** A withdrawal over what the member's verification level allows: `verifiedLevel` (theirs) and `requiredLevel`. */
  verification: 'verification',
  /**
   * The right password (or session) but the member's second factor is missing or wrong: send `otp`
   * (a TOTP code or a recovery code) with the same request.
   */
  otpRequired: 'otp_required',
  /** The database is out of reach for a moment: repeat the request. */
  unavailable: 'unavailable',
  error: 'error',
} as const;

export type StatusWord = (typeof STATUS)[keyof typeof STATUS];
