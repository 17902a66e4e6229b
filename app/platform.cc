#include "app/platform.h"

#include <emscripten.h>
#include <imgui.h>

#include <vector>

// The JavaScript inside EM_ASM is not C++: clang-format would split its => and !==.
// clang-format off

namespace wirelens::app {

void PlatformAnnounceReady() {
  EM_ASM({ if (Module.onReady) Module.onReady(); });
}

void PlatformDownload(const std::string& name, const char* data, size_t size) {
  PlatformDownloadPart(data, size);
  PlatformDownloadFinish(name);
}

// Parts gather into a Blob every 32 MB: a Blob's bytes may live outside the JS heap (Chromium keeps
// large ones on disk), so a 900 MB export does not weigh on every garbage collection meanwhile.
void PlatformDownloadPart(const char* data, size_t size) {
  EM_ASM({
    const parts = (Module.downloadParts = Module.downloadParts || []);
    parts.push(HEAPU8.slice($0, $0 + $1));
    Module.downloadPartBytes = (Module.downloadPartBytes || 0) + $1;
    if (Module.downloadPartBytes >= 32 * 1024 * 1024) {
      Module.downloadParts = [new Blob(parts)];
      Module.downloadPartBytes = 0;
    }
  }, data, size);
}

void PlatformDownloadDiscard() {
  EM_ASM({
    Module.downloadParts = [];
    Module.downloadPartBytes = 0;
  });
}

void PlatformDownloadFinish(const std::string& name) {
  EM_ASM({
    const url = URL.createObjectURL(new Blob(Module.downloadParts || [], { type: 'application/octet-stream' }));
    Module.downloadParts = [];
    Module.downloadPartBytes = 0;
    const a = document.createElement('a');
    a.href = url;
    a.download = UTF8ToString($0);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }, name.c_str());
}

void PlatformCopyText(const std::string& text) {
  EM_ASM({
    const text = UTF8ToString($0);
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
  }, text.c_str());
  ImGui::SetClipboardText(text.c_str());
}

void PlatformMakeLink(const std::string& session) {
  EM_ASM({ window.wirelensMakeLink(UTF8ToString($0)); }, session.c_str());
}

std::string PlatformLoadSettings() {
  const int size = EM_ASM_INT({
    try {
      Module.keptSettings = localStorage.getItem('wirelens.settings') || "";
    } catch (e) {
      Module.keptSettings = "";
    }
    return lengthBytesUTF8(Module.keptSettings);
  });
  std::vector<char> text(static_cast<size_t>(size) + 1);
  EM_ASM({
    stringToUTF8(Module.keptSettings, $0, $1);
    Module.keptSettings = null;
  }, text.data(), text.size());
  return std::string(text.data(), static_cast<size_t>(size));
}

bool PlatformSaveSettings(const std::string& text) {
  return EM_ASM_INT({
    try {
      localStorage.setItem('wirelens.settings', UTF8ToString($0));
      return 1;
    } catch (e) {
      return 0;
    }
  }, text.c_str()) != 0;
}

void PlatformForgetSettings() {
  EM_ASM({
    try {
      localStorage.removeItem('wirelens.settings');
    } catch (e) {}
  });
}

void PlatformOpenFiles() {
  EM_ASM({ if (window.wirelensOpenFiles) window.wirelensOpenFiles(); });
}

void PlatformPasteFromClipboard() {
  EM_ASM({
    const refused = (why) => Module.ccall('wl_paste_refused', null, ['string'], [String(why)]);
    if (!navigator.clipboard || !navigator.clipboard.readText) {
      refused('this browser has no clipboard reading for pages');
      return;
    }
    navigator.clipboard.readText().then((text) => Module.ccall('wl_paste', 'number', ['string'], [text]), refused);
  });
}

void PlatformClaimKeys(const std::string& keys) {
  EM_ASM({ if (window.wirelensClaimKeys) window.wirelensClaimKeys(UTF8ToString($0).split(' ')); }, keys.c_str());
}

bool PlatformPrefersDarkColors() {
  return EM_ASM_INT({
    if (!window.matchMedia) return 1;
    Module.lightScheme = Module.lightScheme || matchMedia('(prefers-color-scheme: light)');
    return Module.lightScheme.matches ? 0 : 1;
  }) != 0;
}

bool PlatformUsesCommandKey() {
  return EM_ASM_INT({ return navigator.platform && navigator.platform.indexOf('Mac') === 0 ? 1 : 0; }) != 0;
}

void PlatformLoadBenchSuite() {
  EM_ASM({ if (window.wirelensLoadSuite) window.wirelensLoadSuite(); });
}

void PlatformStartBenchmark(bool quick, const std::string& cases, const std::string& codecs) {
  EM_ASM({ window.wirelensBench.start($0 !== 0, UTF8ToString($1), UTF8ToString($2)); }, quick, cases.c_str(),
         codecs.c_str());
}

void PlatformStartLoadedBenchmark(bool quick, const std::string& codecs) {
  EM_ASM({ window.wirelensBench.startLoaded($0 !== 0, UTF8ToString($1)); }, quick, codecs.c_str());
}

void PlatformExportBenchRun(int run, const char* format) {
  EM_ASM({ window.wirelensBench.exportRun($0, UTF8ToString($1)); }, run, format);
}

void PlatformLoadBenchResults() {
  EM_ASM({ window.wirelensBench.loadResults(); });
}

}  // namespace wirelens::app

// clang-format on
