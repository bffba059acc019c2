/** Interface text of the smart-filter modal and picker the spec leaves to us (§8 messages come from core). */
export const filtersText = {
  pickerLabel: 'Smart filter',
  pickerMenu: 'Smart filters',
  addNew: 'Add New',
  editOf: (name: string) => `Edit ${name}`,
  deleteOf: (name: string) => `Delete ${name}`,
  modalAdd: 'Add smart filter',
  modalEdit: 'Edit smart filter',
  name: 'Filter name',
  matchType: 'Match',
  all: 'all',
  any: 'any',
  clear: 'Clear',
  filter: 'Filter',
  saveAndFilter: 'Save & Filter',
  update: 'Update',
  createAlert: 'Create alert from this filter',
  backtest: 'Backtest',
  /** The backtest panel's title for a filter not named yet. */
  thisFilter: 'this filter',
  reservedName: 'Filter names cannot start with temp- or be Default',
  /** How an applied, unsaved ('temp-') filter is named in the picker. */
  unsaved: (name: string) => `${name} (not saved)`,
} as const;
