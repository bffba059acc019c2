import type { TestInfo } from '@playwright/test';

export function freshEmail(info: TestInfo, label: string): string {
  return `${label}.${info.project.name}.${Date.now().toString(36)}@example.com`;
}
