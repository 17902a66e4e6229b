// Everything the app asks of the page (the browser): downloads, the clipboard, the file chooser,
// the Benchmark Suite's script, the ready signal. The only place app code reaches JavaScript; the
// page's side is web/page.js and web/bench/browser_entry.mjs.
#ifndef WIRELENS_APP_PLATFORM_H_
#define WIRELENS_APP_PLATFORM_H_

#include <cstddef>
#include <string>

namespace wirelens::app {

// Tells the page that real frames are on screen (Module.onReady).
void PlatformAnnounceReady();
// Saves [data, data + size) as a download named `name` (copied out of wasm memory first): a
// download of one part. Precondition: no download in parts is open (the Export panel's Download is
// disabled while one is).
void PlatformDownload(const std::string& name, const char* data, size_t size);
// A download written in parts: each PlatformDownloadPart copies its bytes out of wasm memory (so
// the whole file is never there at once), PlatformDownloadFinish offers them as one file,
// PlatformDownloadDiscard drops them.
void PlatformDownloadPart(const char* data, size_t size);
void PlatformDownloadFinish(const std::string& name);
void PlatformDownloadDiscard();
// Puts `text` on the system clipboard (navigator.clipboard) and ImGui's.
void PlatformCopyText(const std::string& text);
// Asks the page to make Copy link's link from `session` (JSON: model/session.h): deflated, in
// base64url, after the page's address and kLinkFragment; it hands the link to wl_link_made, or
// why it could not to wl_link_failed.
void PlatformMakeLink(const std::string& session);
// The app's settings as the page keeps them in localStorage (ImGui's .ini text): "" when none are
// kept or the browser refuses storage. Saving returns false when it refuses.
std::string PlatformLoadSettings();
bool PlatformSaveSettings(const std::string& text);
void PlatformForgetSettings();
// Opens the page's file chooser; the chosen files arrive as dropped ones do.
void PlatformOpenFiles();
// Reads the system clipboard's text (the browser may ask the user first) and loads it as a pasted
// payload (wl_paste); when the browser refuses, wl_paste_refused says why in the Log.
void PlatformPasteFromClipboard();
// The keys the page keeps from the browser's own shortcuts (its find bar, its open dialog), so that
// they reach the app: space-separated, as "ctrl+f f3 shift+f3" (ctrl: Ctrl or Cmd).
void PlatformClaimKeys(const std::string& keys);
// True when the system's colour scheme is dark (CSS prefers-color-scheme), or says nothing.
bool PlatformPrefersDarkColors();
// True on a Mac, where shortcuts are shown with Cmd (Cmd or Ctrl work everywhere).
bool PlatformUsesCommandKey();
// Asks the page to load the Benchmark Suite's script (about 4 MB: Benchmark.js and the codecs it
// compares), which it does not load before the first frame; it then calls wl_bench_define_*, or
// wl_bench_missing when the script is not there.
void PlatformLoadBenchSuite();
// The Benchmark Suite (window.wirelensBench): start a run of these cases and codecs (comma
// separated), export run `run` as "json" or "markdown", load results saved by another browser.
void PlatformStartBenchmark(bool quick, const std::string& cases, const std::string& codecs);
// A run of these codecs on the loaded payloads (the page reads them through wl_bench_loaded_*).
void PlatformStartLoadedBenchmark(bool quick, const std::string& codecs);
void PlatformExportBenchRun(int run, const char* format);
void PlatformLoadBenchResults();

}  // namespace wirelens::app

#endif  // WIRELENS_APP_PLATFORM_H_
