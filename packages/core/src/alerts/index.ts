export * from './alertMessages.ts';
export * from './alertText.ts';
export * from './filteredAlert.ts';
export * from './rules.ts';
export * from './webhookUrl.ts';
export * from './outcomes.ts';
