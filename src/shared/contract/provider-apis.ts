import { houseContract } from './house-api.ts';
import type { ProviderApi } from './provider-api.ts';
import { sportsContract } from './sports-api.ts';

/**
 * Every built-in provider's window API. The OpenAPI document lists each, and the contract test
 * (src/server/providers/action-api.test.ts) checks each action's refusals; a new API adds one line.
 */
export const providerContracts: readonly ProviderApi[] = [sportsContract, houseContract];
