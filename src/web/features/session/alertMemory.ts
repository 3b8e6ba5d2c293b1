/**
 * Which count alerts (new note, help reply) this login has shown, kept across page loads in
 * localStorage keys that login and logout clear: "once" means once per login.
 */
const PREFIX = 'alerted_';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

export const wasAlerted = (count: string) => storage()?.getItem(PREFIX + count) === '1';
export const rememberAlerted = (count: string) => storage()?.setItem(PREFIX + count, '1');
export const forgetAlerted = (count: string) => storage()?.removeItem(PREFIX + count);

/** A new login (or a logout) starts over: each alert may show once again. */
export function forgetAllAlerts() {
  for (const count of ['noteCount', 'helpCount']) forgetAlerted(count);
}
