/**
 * Words of the controls the signed-in settings screens share (tier badge, CSV button); kept apart
 * from controlText, which every page loads, /login too (e2e/bundle.spec.ts).
 */
export const settingControlText = {
  upgrade: 'Upgrade',
  importCsv: 'Import CSV',
  /** The tier labels of a Pro or Pro+ control (spec wording). */
  proOnly: 'PRO ONLY',
  proPlusOnly: 'PRO + ONLY',
} as const;
