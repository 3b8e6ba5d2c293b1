/**
 * Every module's tables, for Drizzle's typed queries. The migrations in ./migrations are the schema;
 * schema-drift.test.ts checks that these declarations match what they build (docs/schema.md).
 */
export * from '../modules/accounts/accounts.schema.ts';
export * from '../modules/backoffice/backoffice.schema.ts';
export * from '../modules/backoffice/figures.schema.ts';
export * from '../modules/cashier/cashier.schema.ts';
export * from '../modules/content/content.schema.ts';
export * from '../modules/games/games.schema.ts';
export * from '../modules/games/wallet/debts.schema.ts';
export * from '../modules/inbox/inbox.schema.ts';
export * from '../modules/jackpot/jackpot.schema.ts';
export * from '../modules/kyc/kyc.schema.ts';
export * from '../modules/ledger/ledger.schema.ts';
export * from '../modules/outbox/outbox.schema.ts';
export * from '../modules/promotions/promotions.schema.ts';
export * from '../modules/protection/limits.schema.ts';
export * from '../modules/protection/protection.schema.ts';
export * from '../modules/sites/sites.schema.ts';
export * from '../modules/support/support.schema.ts';
export * from '../providers/house/house.schema.ts';
export * from '../providers/sports/bettor.schema.ts';
export * from '../providers/sports/sports.schema.ts';
export * from '../providers/sports/uof/uof.schema.ts';
export * from './migrator.schema.ts';
