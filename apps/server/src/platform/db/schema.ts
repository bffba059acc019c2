// Every table, by module (one file each), re-exported here: drizzle's client and drizzle-kit
// (drizzle.config.ts) read this one entry, so the migrations do not depend on the split.
export * from './alertsSchema.ts';
export * from './billingSchema.ts';
export * from './chatSchema.ts';
export * from './marketSchema.ts';
export * from './outcomesSchema.ts';
export * from './quotesNewsSchema.ts';
export * from './usersSchema.ts';
