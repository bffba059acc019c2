import { DEFAULT_PLAN_IDS, type DefaultPlanId } from '@tapeline/core';
import type { KeyValueStore } from './storageKeys.ts';
import { PLAN_KEY } from './storageKeys.ts';

function isDefaultPlan(value: string): value is DefaultPlanId {
  return (DEFAULT_PLAN_IDS as readonly string[]).includes(value);
}

/** The `plan` query parameter of /register, if it names one of the spec's default plans. */
export function planFromSearch(search: string): DefaultPlanId | null {
  const value = new URLSearchParams(search).get('plan')?.trim().toLowerCase() ?? '';
  return isDefaultPlan(value) ? value : null;
}

export function rememberPlan(store: KeyValueStore, search: string): DefaultPlanId | null {
  const plan = planFromSearch(search);
  if (plan) store.setItem(PLAN_KEY, plan);
  return plan;
}

/** The plan the plan screen preselects (billing work reads this). */
export function rememberedPlan(store: KeyValueStore): DefaultPlanId | null {
  const value = store.getItem(PLAN_KEY);
  return value !== null && isDefaultPlan(value) ? value : null;
}
