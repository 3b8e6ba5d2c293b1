/** The member site's routes (SPEC §2). Any other page path is answered with the not-found page and HTTP 404. */
export const MEMBER_ROUTES = [
  '/',
  '/login',
  '/forgot',
  '/register',
  '/admin/error',
  '/help',
  '/note',
  '/notice',
  '/deposit',
  '/withdraw',
  '/user',
  '/comp',
  '/promotions',
  '/game',
] as const;
