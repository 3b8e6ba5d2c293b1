/**
 * What a sports search may contain: 2 to 50 letters, digits, spaces and the marks team names use. Kept
 * apart from the contract so the sports window checks it without loading zod.
 */
export const SEARCH_TEXT = /^[\p{L}\p{M}\p{N} .'&-]{2,50}$/u;
