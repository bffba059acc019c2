export * from './quoteEdit.ts';
export * from './quoteMessages.ts';
