// The toggle's view of browser push (apps/web/src/lib/push, written alongside this tab). Until
// that module lands this adapter reports push as unsupported, so the toggle shows why it is off.

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export interface PushState {
  enabled: boolean;
  pending: boolean;
}

export const pushAdapter = {
  support: (): PushSupport => 'unsupported',
  enable: async (): Promise<void> => {},
  disable: async (): Promise<void> => {},
  useState: (): PushState => ({ enabled: false, pending: false }),
};
