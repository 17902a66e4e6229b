// Types of the page globals the Node scripts reach through page.evaluate() (index.html defines them),
// and of the module names esbuild and the CommonJS loader resolve; for `tsc --checkJs` (tsconfig.json).
export {};

interface WirelensFrameStats {
  work: number[];
  ui: number[];
  interval: number[];
}

declare global {
  /** The app's module factory (build/web/app/wirelens_app.js, Emscripten's MODULARIZE). */
  function createWirelensApp(options: {
    canvas: HTMLCanvasElement;
    onReady: () => void;
    onAbort: (what: unknown) => void;
    /** Emscripten's hook: compile the wasm with these imports, then call receive; returns {}. */
    instantiateWasm: (
      imports: WebAssembly.Imports,
      receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ) => object;
  }): Promise<any>;
  interface Window {
    /** The app's test hook (index.html). */
    wirelens: {
      ready: Promise<void>;
      /** Loads the Benchmark Suite's script and attaches it to the app (what opening its window does). */
      loadSuite(): Promise<void>;
      /** ms from navigation to the app's first frames on screen; null before them. */
      readonly readyAt: number | null;
      /** The src of each script on the page when its first frames were drawn; null before them. */
      readonly scriptsAtReady: string[] | null;
      loadFile(name: string, bytes: Uint8Array): Promise<void>;
      select(payload: string, type: string): boolean;
      /** "bare", "delimited", "grpc" or "confluent"; false for another name or without a payload. */
      setFraming(name: string): boolean;
      search(query: string): void;
      diffWith(name: string): void;
      /** Bytes of the app's wasm memory now. */
      wasmMemoryBytes(): number;
      snapshot(): any;
      widgetRect(label: string): { x: number; y: number; w: number; h: number } | null;
      frames(n?: number): Promise<void>;
      frameStats(n: number): WirelensFrameStats;
      framesUntil<S, R>(
        start: () => S,
        done: (snapshot: any) => R | undefined,
      ): Promise<{ deltas: number[]; total: number; started: S; result: R }>;
    };
    /** The app's wasm, gzip'd, in base64 (build/web/app/wirelens_app_wasm.js, web/embed_script.mjs). */
    wirelensAppWasm: string;
    /** The bundled samples (build/web/app/wirelens_samples.js): files gzip'd in base64, and the first selection. */
    wirelensSamples: {
      files: { name: string; gzipBase64: string }[];
      select: { payload: string; type: string };
    };
    /** Opens the file chooser (web/page.js; the app's "Open files..." calls it). */
    wirelensOpenFiles: () => void;
    /** Keeps these keys ("ctrl+f", "shift+f3") from the browser (web/page.js; the app names them). */
    wirelensClaimKeys: (keys: string[]) => Set<string>;
    /** Makes Copy link's link from a session's JSON and hands it to the app (web/page.js). */
    wirelensMakeLink: (session: string) => Promise<void>;
    /** Loads the Benchmark Suite's script (web/page.js; the app's window calls it when it first opens). */
    wirelensLoadSuite: () => Promise<void>;
    /** The Benchmark Suite of the page (web/bench/browser_entry.mjs). */
    wirelensBench: any;
    __bench: any;
    /** The keys the e2e keyboard test saw reach the app, as "key:defaultPrevented". */
    __keys: string[];
    /** How often the e2e keyboard test's stand-in file chooser was asked for. */
    __openedFiles: number;
    /** Downloads the e2e tests captured: file name and bytes. */
    __downloads: Promise<{ name: string; bytes: number[] }>[];
    /** Downloads web/bench/export.mjs recorded: when each Blob was made, and its size. */
    __exportBlobs: { at: number; size: number }[];
    /** Downloads the export e2e test captured: size and SHA-256 (hex). */
    __exportDigests: Promise<{ size: number; sha256: string }>[];
    /** Per frame of an export, the input bytes it had printed (null when not exporting). */
    __exportSeen: (number | null)[];
    /** The frames' times web/bench/export.mjs recorded from a click on Download to the file. */
    __exportFrames: number[];
    __benchDone: boolean;
  }
  interface Performance {
    /** Chromium only. */
    memory?: { usedJSHeapSize: number; totalJSHeapSize: number };
  }
}
