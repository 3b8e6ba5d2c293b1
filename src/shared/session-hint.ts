/**
 * A readable cookie set beside the httpOnly session cookie at login and cleared with it. It holds no
 * secret, only "1": it tells the site a session may exist, so that a guest's page never calls the
 * member health check (SPEC §6: the health check applies only to members) and logs no 401.
 */
export const SIGNED_IN_COOKIE = 'signed_in';
