export * from './alertMessages.ts';
export * from './alertText.ts';
export * from './filteredAlert.ts';
export * from './outcomes.ts';
export * from './rules.ts';
export * from './webhookUrl.ts';
