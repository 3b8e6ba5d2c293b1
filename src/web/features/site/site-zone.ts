/**
 * The site's time zone, the one every time on the member's screens is shown in (never the browser's),
 * kept for code outside React (a refusal's message, the game and sports windows) once the site's
 * summary has answered. Components use useSiteZone (site.ts).
 */
let zone: string | undefined;

export function setSiteZone(timeZone: string): void {
  zone = timeZone;
}

/** The zone as last loaded, or undefined before the site's summary has answered. */
export const siteZone = (): string | undefined => zone;
