import { FILTERED_ALERTS_MAX } from './filteredAlert.ts';

/** The product's short name where the spec's wording carries the original's (§8). */
export const PRODUCT_SHORT_NAME = 'Tapeline';

/** Every alert toast of dashboard spec §8, word for word. */
export const alertMessages = {
  updateFailed: (symbol: string) => `Failed to update the alert setting for ${symbol}`,
  deleteFailed: (symbol: string) => `Failed to delete the alert setting for ${symbol}`,
  haltFailed: (state: string) => `Failed to update the halt alert setting for ${state}`,
  alreadyRegistered: (label: string, symbol: string) => `${label} alert for ${symbol} is already registered!`,
  /** §8 writes the type as it names it (Trade, Unusual volume, vWAPDist, Price, Hi/low). */
  registerFailed: (label: string, symbol: string) => `Failed to register ${label} alert for ${symbol}`,
  added: (label: string, symbol: string) => `${label} alert added for ${symbol}`,
  updated: (symbol: string) => `Alert updated for ${symbol}`,
  haltEnabled: 'Halt alert enabled',
  haltDisabled: 'Halt alert disabled',
  validateFailed: 'Failed to validate filtered alert',
  tooManyMatches: (n: number, limit: number) =>
    `Validation error: Possible result contains ${n} symbols. Please decrease range or add conditions to reduce to ${limit} or less.`,
  filteredLimit: `${PRODUCT_SHORT_NAME} Pro+ is limited to ${FILTERED_ALERTS_MAX} Filtered Alerts.`,
  filteredAddFailed: 'Failed to add filtered alert',
  filteredUpdateFailed: 'Failed to update filtered alert',
  filteredDeleteFailed: 'Failed to delete filtered alert',
  filteredAdded: 'Filtered alert added',
  filteredUpdated: 'Filtered alert updated',
  filteredDeleted: 'Filtered alert deleted',
  webhookFailed: 'Failed to update alert webhook url',
  webhookUpdated: 'Alert webhook updated',
  webhookInvalid: 'Webhook URL is invalid.',
  voicePrompt: 'Press any key or click this message to enable Voice Notifications',
  /** Server answers (not toasts of §8). */
  categoryInvalid: 'Category must be a symbol or a stream category',
  categoryNotForType: 'Only Hi/Low alerts can watch a stream category',
  alertNotFound: 'Alert not found',
  categoryMismatch: "Category does not match the alert's",
  boundsInverted: 'Low must not be above High',
  rulesLimit: (max: number) => `You can keep at most ${max} alerts. Delete some to add more.`,
} as const;
