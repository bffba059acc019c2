import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

// Browsers play audio only after the page has had a user gesture (spec §4: hence the prompt).
// Any key or click counts; `userActivation` knows of one made before this module loaded.

type Activation = { userActivation?: { hasBeenActive: boolean } };
const store = createStore<{ unlocked: boolean }>(() => ({
  unlocked:
    typeof navigator !== 'undefined' &&
    (navigator as Navigator & Activation).userActivation?.hasBeenActive === true,
}));

let watching = false;
function watch(): void {
  if (watching || typeof window === 'undefined' || store.getState().unlocked) return;
  watching = true;
  const unlock = () => {
    store.setState({ unlocked: true });
    window.removeEventListener('keydown', unlock, true);
    window.removeEventListener('pointerdown', unlock, true);
    watching = false;
  };
  window.addEventListener('keydown', unlock, true);
  window.addEventListener('pointerdown', unlock, true);
}

export const voiceUnlock = {
  /** Starts listening for the gesture that lets audio play. */
  watch,
  isUnlocked: () => store.getState().unlocked,
  /** Tests: back to a page without a gesture yet. */
  reset: () => store.setState({ unlocked: false }),
};

export const useVoiceUnlocked = () => useStore(store, (s) => s.unlocked);
