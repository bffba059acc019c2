export const PRODUCT_NAME = 'Tapeline';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_MAX_LENGTH = 20;

/** Verification links live 2 hours; an unverified signup blocks its address as long. */
export const VERIFY_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const DUPLICATE_PENDING_WAIT_MS = VERIFY_TOKEN_TTL_MS;

export const RESET_REDIRECT_DELAY_MS = 3000;
export const LINK_ERROR_TOAST_MS = 8000;
export const API_TIMEOUT_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 768;

export const ROLES = ['trader', 'mod', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const DEFAULT_PLAN_IDS = [
  'standard',
  'pro',
  'proplus',
  'standard_annual',
  'pro_annual',
  'proplus_annual',
] as const;
export type DefaultPlanId = (typeof DEFAULT_PLAN_IDS)[number];

/** Legacy plans still honoured: the semi-annual ones and the older Pro plan. */
export const LEGACY_PLAN_IDS = [
  'standard_semiannual',
  'pro_semiannual',
  'proplus_semiannual',
  'pro_old',
] as const;

export const TRIAL_DAYS = 5;
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const USER_SEARCH_MIN_CHARS = 3;
export const SEARCH_RESULTS_CAP = 50;
