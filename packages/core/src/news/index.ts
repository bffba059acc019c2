export * from './newsMessages.ts';
