export * from './chatMessages.ts';
export * from './chatRules.ts';
export * from './renderContent.ts';
