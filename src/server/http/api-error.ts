import { errors } from './errors.ts';

/** The refusal class lives in errors.ts with its named factories; these names stay for older imports. */
export { ApiError } from './errors.ts';

/** @deprecated use `errors.invalid` from errors.ts */
export const invalid = errors.invalid;
/** @deprecated use `errors.unauthorized` from errors.ts */
export const unauthorized = errors.unauthorized;
