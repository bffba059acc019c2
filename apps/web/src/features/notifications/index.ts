// The notifications feature's public surface: the settings tab and the filtered-alert editor Discovery reuses.
export { FilterConditions } from './FilterConditions.tsx';
export { FilteredAlertModal } from './FilteredAlertModal.tsx';
export { draftOf, emptyDraft, type FilterDraft, filterDraftShape, valuesOf } from './filterDraft.ts';
export { NotificationsTab } from './NotificationsTab.tsx';
export { notificationsText } from './notificationsText.ts';
