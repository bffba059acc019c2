export * from './quoteMessages.ts';
