import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

// Browsers play audio only after the page has had a user gesture (spec §4: hence the prompt).
// Any key or click counts; `userActivation` (where the browser has it) also knows of one made
// before anything here listened.

type Activation = { userActivation?: { hasBeenActive: boolean } };
const activated = () =>
  typeof navigator !== 'undefined' &&
  (navigator as Navigator & Activation).userActivation?.hasBeenActive === true;

const store = createStore<{ unlocked: boolean }>(() => ({ unlocked: activated() }));

let watching = false;
function unlock(): void {
  store.setState({ unlocked: true });
  window.removeEventListener('keydown', unlock, true);
  window.removeEventListener('pointerdown', unlock, true);
  watching = false;
}

export const voiceUnlock = {
  /** Starts listening for the gesture that lets audio play. */
  watch(): void {
    if (watching || typeof window === 'undefined' || voiceUnlock.isUnlocked()) return;
    watching = true;
    window.addEventListener('keydown', unlock, true);
    window.addEventListener('pointerdown', unlock, true);
  },
  isUnlocked(): boolean {
    if (!store.getState().unlocked && activated()) store.setState({ unlocked: true });
    return store.getState().unlocked;
  },
  /** Tests: back to a page without a gesture yet. */
  reset: () => store.setState({ unlocked: false }),
};

export const useVoiceUnlocked = () => useStore(store, (s) => s.unlocked);
