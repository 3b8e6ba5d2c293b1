/** The member menu (SPEC §2): the pages that need a login, in the order the header shows them. */
export const MEMBER_PAGES = [
  { to: '/game', label: 'games' },
  { to: '/deposit', label: 'deposit' },
  { to: '/withdraw', label: 'withdraw' },
  { to: '/promotions', label: 'promotions' },
  { to: '/comp', label: 'comp' },
  { to: '/help', label: 'helpCentre', count: 'helpCount' },
  { to: '/notice', label: 'notices' },
  { to: '/note', label: 'notes', count: 'noteCount' },
  { to: '/user', label: 'myPage' },
] as const;
