/**
 * The parts of @echogarden/espeak-ng-emscripten (espeak-ng compiled to WebAssembly, no types of
 * its own) that synth.ts uses, as read from its `espeak-ng.js`.
 */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface SynthEvent {
    type: string;
    text_position: number;
    word_length: number;
    audio_position: number;
  }

  export interface ESpeakNGWorker {
    /** 22050 for every voice. */
    readonly samplerate: number;
    /** 0 when the voice (`en-us`, `en-us+f3`: language plus variant) was found. */
    set_voice(name: string): number;
    /** Words per minute (espeak-ng: 80–450). */
    set_rate(rate: number): void;
    /** 0–100. */
    set_pitch(pitch: number): void;
    /** 0–100. */
    set_range(range: number): void;
    /** Synchronous: the callback gets 16-bit mono PCM chunks; answering true stops the synthesis. */
    synthesize(
      text: string,
      callback: (samples: Int16Array | null, events: SynthEvent[]) => boolean | 0 | 1,
    ): void;
    synthesize_ipa(text: string): { code: number; ipa: string };
  }

  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }

  /** Loads the WebAssembly module and its 24 MB data file (voices, dictionaries). */
  const createModule: (options?: Record<string, unknown>) => Promise<ESpeakNGModule>;
  export default createModule;
}
