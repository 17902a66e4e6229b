// The page's glue (index.html loads it after the app's script): files dropped or opened go to the
// wasm app in one copy; window.wirelens is the hook tests and automation use. A classic script, not
// an ES module, so that index.html also works opened from disk (file://). Nothing here talks to the
// network.
/* global createWirelensApp -- defined by build/web/app/wirelens_app.js, loaded before this script */
(function () {
  const status = document.getElementById("status");
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById("canvas"));
  canvas.addEventListener("contextmenu", (e) => e.preventDefault()); // the app draws its own menus
  const fail = (message) => {
    status.textContent = message;
    status.style.display = "block";
  };
  let app = null;

  // Files are copied straight into the buffer the app keeps (the one copy), SLICE bytes per
  // frame: a 100 MB file takes ~28 frames, each short, with the progress drawn in between (16 MB
  // slices cost Firefox on an AMD EPYC machine ~3x an idle frame each).
  const SLICE = 4 << 20;
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  async function copyIn(name, bytes) {
    // Files over 4 GB cannot even be sized for wasm; others may still be refused by the app (too
    // large for the tab, or memory cannot grow), which then says so in its log. Nothing aborts.
    if (bytes.length >= 2 ** 32) {
      app.ccall("wl_reject_file", null, ["string", "number"], [name, bytes.length]);
      return;
    }
    const buffer = app.ccall("wl_file_buffer", "number", ["string", "number"], [name, bytes.length]);
    if (!buffer) return;
    for (let at = 0; at < bytes.length; at += SLICE) {
      if (at > 0) await nextFrame();
      const end = Math.min(at + SLICE, bytes.length);
      app.HEAPU8.set(bytes.subarray(at, end), buffer + at); // HEAPU8 is re-read: memory may have grown
      app._wl_file_copied(end);
    }
    app._wl_load_file();
  }
  // One file at a time (the app reads one into its buffer at a time), in the order they came; with
  // none in progress a file starts at once, so one of up to SLICE bytes is loaded on return.
  let last = null; // the latest file's promise while files are being read
  function loadBytes(name, bytes) {
    const done = last ? last.then(() => copyIn(name, bytes)) : copyIn(name, bytes);
    const settle = () => {
      if (last === done) last = null;
    };
    done.then(settle, settle);
    return (last = done);
  }
  async function loadFiles(files) {
    for (const file of files) await loadBytes(file.name, new Uint8Array(await file.arrayBuffer()));
  }
  const input = /** @type {HTMLInputElement} */ (document.getElementById("open-files"));
  input.addEventListener("change", () => {
    loadFiles([...input.files]);
    input.value = "";
  });
  window.wirelensOpenFiles = () => input.click();
  for (const target of [canvas, document.body]) {
    target.addEventListener("dragover", (e) => {
      e.preventDefault();
      e.dataTransfer.dropEffect = "copy";
    });
    target.addEventListener("drop", (e) => {
      e.preventDefault();
      e.stopPropagation();
      if (app && e.dataTransfer && e.dataTransfer.files.length) loadFiles(e.dataTransfer.files);
    });
  }
  // Keys the app takes from the browser (its find bar, its open dialog), as the app names them
  // (app/panels/shortcuts.cc): the app's SDL listener on the window still receives them.
  let claimedKeys = new Set();
  window.wirelensClaimKeys = (keys) => (claimedKeys = new Set(keys));
  document.addEventListener("keydown", (e) => {
    const name = (e.ctrlKey || e.metaKey ? "ctrl+" : "") + (e.shiftKey ? "shift+" : "") + e.key.toLowerCase();
    if (claimedKeys.has(name)) e.preventDefault();
  });
  document.addEventListener("paste", (e) => {
    const text = e.clipboardData && e.clipboardData.getData("text");
    if (app && text && !document.activeElement?.matches("input, textarea"))
      app.ccall("wl_paste", "number", ["string"], [text]);
  });

  // The Benchmark Suite's script (Benchmark.js and the codecs it compares, about 4 MB) is not
  // parsed before the first frame: the app asks for it when its window first opens.
  const SUITE_SCRIPT = "build/web/bench/bench_suite.js";
  let suite = null;
  let readyAt = null; // performance.now() when the app's first frames were on screen
  let scriptsAtReady = null; // the scripts on the page then
  function loadSuite() {
    if (suite) return suite;
    suite = Promise.all([addScript(SUITE_SCRIPT), window.wirelens.ready]).then(() => window.wirelensBench.attach(app));
    suite.catch(() => app && app.ccall("wl_bench_missing", null, [], []));
    return suite;
  }
  window.wirelensLoadSuite = loadSuite;

  // Bytes web/embed_script.mjs put in a script (gzip'd, in base64), as a stream of the plain bytes.
  function unpack(gzipBase64) {
    let bytes;
    if (typeof (/** @type {any} */ (Uint8Array).fromBase64) === "function") {
      bytes = /** @type {any} */ (Uint8Array).fromBase64(gzipBase64);
    } else {
      const text = atob(gzipBase64);
      bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    }
    return new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  }

  // A view handed on as a link (File > Copy link): the session JSON (app/model/session.h),
  // deflated and in base64url after LINK_FRAGMENT. The fragment never leaves the browser.
  const LINK_FRAGMENT = "#session=";
  // Reads the stream itself rather than through a Response: Firefox reports a failed inflate read
  // by Response as an uncaught error even when the caller catches it.
  async function piped(bytes, stream) {
    const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
    const parts = [];
    for (let part = await reader.read(); !part.done; part = await reader.read()) parts.push(part.value);
    return new Uint8Array(await new Blob(parts).arrayBuffer());
  }
  window.wirelensMakeLink = async (session) => {
    try {
      const bytes = await piped(new TextEncoder().encode(session), new CompressionStream("deflate-raw"));
      let binary = "";
      for (let at = 0; at < bytes.length; at += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      }
      const data = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      const link = location.href.split("#")[0] + LINK_FRAGMENT + data;
      if (app.ccall("wl_link_made", "number", ["string"], [link])) {
        const copied = navigator.clipboard
          ? await navigator.clipboard.writeText(link).then(
              () => 1,
              () => 0,
            )
          : 0;
        app.ccall("wl_link_copied", null, ["number"], [copied]);
      }
    } catch (error) {
      app.ccall("wl_link_failed", null, ["string"], [String(error)]);
    }
  };
  // Opens the view the page's address carries, if any (as a dropped session file); true if it had one.
  async function openLink() {
    if (!location.hash.startsWith(LINK_FRAGMENT)) return false;
    try {
      const data = location.hash.slice(LINK_FRAGMENT.length).replace(/-/g, "+").replace(/_/g, "/");
      const binary = atob(data);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      await loadBytes("link.wirelens.json", await piped(bytes, new DecompressionStream("deflate-raw")));
    } catch (error) {
      app.ccall("wl_link_unreadable", null, ["string"], [String(error)]);
    }
    return true;
  }
  window.addEventListener("hashchange", () => app && openLink());

  // The bundled samples (wirelens_samples.js) come after the first frame: the script is added
  // then, its files loaded as dropped ones and the first payload selected. Without it (not built)
  // the app simply opens empty.
  const SAMPLES_SCRIPT = "build/web/app/wirelens_samples.js";
  function addScript(src) {
    return new Promise((resolve, reject) => {
      const element = document.createElement("script");
      element.src = src;
      element.onload = resolve;
      element.onerror = () => reject(new Error(`${src} did not load`));
      document.body.appendChild(element);
    });
  }
  async function loadSamples() {
    try {
      await addScript(SAMPLES_SCRIPT);
    } catch {
      return;
    }
    const { files, select } = window.wirelensSamples;
    for (const { name, gzipBase64 } of files) {
      await loadBytes(name, new Uint8Array(await new Response(unpack(gzipBase64)).arrayBuffer()));
    }
    app.ccall("wl_select", "number", ["string", "string"], [select.payload, select.type]);
  }

  window.wirelens = {
    // Resolves once the app's first frames are on screen and the bundled samples (or the view
    // the address carries: Copy link) are loaded.
    ready: new Promise((resolve, reject) => {
      if (typeof createWirelensApp !== "function" || typeof window.wirelensAppWasm !== "string") {
        fail("The app is not built yet: run `make run` in the repository.");
        reject(new Error("wirelens_app.js or wirelens_app_wasm.js not loaded"));
        return;
      }
      const stop = (error) => {
        fail("wirelens failed to start: " + error);
        reject(error);
      };
      const started = createWirelensApp({
        canvas,
        // The wasm compiles (off the page's thread) as it inflates.
        instantiateWasm(imports, receive) {
          const wasm = new Response(unpack(window.wirelensAppWasm), {
            headers: { "Content-Type": "application/wasm" },
          });
          WebAssembly.instantiateStreaming(wasm, imports).then((r) => receive(r.instance, r.module), stop);
          return {};
        },
        onReady: () => {
          readyAt = performance.now();
          scriptsAtReady = [...document.scripts].map((script) => script.src).filter(Boolean);
          status.style.display = "none";
          // A link's view instead of the samples.
          started
            .then(openLink)
            .then((opened) => (opened ? undefined : loadSamples()))
            .then(resolve, reject);
        },
        onAbort: (what) => {
          fail("wirelens stopped: " + what);
          reject(new Error(String(what)));
        },
      }).then((module) => {
        app = module;
      }, stop);
    }),
    // Loads the Benchmark Suite's script (what the app's window does when it first opens) and
    // connects it to the app; resolves once window.wirelensBench is attached.
    loadSuite,
    // ms from navigation to the app's first frames on screen (null before): web/bench/startup.mjs.
    get readyAt() {
      return readyAt;
    },
    // The scripts on the page when its first frames were drawn (null before): startup.mjs.
    get scriptsAtReady() {
      return scriptsAtReady;
    },
    // Loads a file as if dropped: .proto (schema), .desc/.pb (descriptor set), .har (captured
    // traffic), anything else (payload). Resolves once it is loaded; a file up to 16 MB is loaded before this returns.
    loadFile(name, bytes) {
      return loadBytes(name, bytes);
    },
    // Selects a payload by name and its root type ('' = raw). False when either is unknown.
    select(payload, type) {
      return app.ccall("wl_select", "number", ["string", "string"], [payload, type || ""]) === 1;
    },
    // Decodes the selected payload as 'bare', 'delimited', 'grpc' or 'confluent' frames. False for another name.
    setFraming(name) {
      return app.ccall("wl_set_framing", "number", ["string"], [name]) === 1;
    },
    // Searches the decoded tree as the Search panel's box does (the query syntax: README).
    search(query) {
      app.ccall("wl_search", null, ["string"], [query]);
    },
    // Compares the selected payload with another (by name), as the Diff window's combo does.
    diffWith(name) {
      app.ccall("wl_diff_with", null, ["string"], [name]);
    },
    // Bytes of the app's wasm memory now (it only grows): web/bench/har_import.mjs.
    wasmMemoryBytes() {
      return app.HEAPU8.length;
    },
    // What the panels show, as JSON.
    snapshot() {
      return JSON.parse(app.UTF8ToString(app._wl_snapshot()));
    },
    // Screen rectangle {x, y, w, h} (CSS pixels) of the widget drawn last frame with this label, or null.
    widgetRect(label) {
      return JSON.parse(app.UTF8ToString(app.ccall("wl_widget_rect", "number", ["string"], [label])));
    },
    // Resolves after `n` more frames were drawn.
    frames(n = 2) {
      return new Promise((r) => {
        let k = 0;
        const tick = () => (++k >= n ? r() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      });
    },
    // Calls `start()`, then times every frame from that moment until `done(snapshot)` returns
    // something other than undefined. Resolves to { deltas: the intervals between frames in ms,
    // total: ms from start to that frame, started: what start() returned, result: what done returned }.
    async framesUntil(start, done) {
      const began = performance.now();
      let last = began;
      const started = start();
      const deltas = [];
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        deltas.push(now - last);
        last = now;
        const result = done(this.snapshot());
        if (result !== undefined) return { deltas, total: now - began, started, result };
      }
    },
    // The app's own timing of its last `n` frames (up to 256), oldest first, in ms: `work`, what
    // each frame's code took (waits for the GPU included); `ui`, the part that built the UI;
    // `interval`, the time since the frame before started.
    frameStats(n) {
      return JSON.parse(app.UTF8ToString(app._wl_frame_stats(n)));
    },
  };
})();
