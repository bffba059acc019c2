import { customType, timestamp } from 'drizzle-orm/pg-core';

// Column kinds the modules' tables share (the tables: schema.ts's re-exports).

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
