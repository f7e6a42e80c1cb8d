// libFuzzer target: an ops-info JSON library file, through both readers the engine has for it (the
// simdjson loader and the byte-preserving edit scanner), then into an OpLibrary; and its certain
// fix-its.
#include "library/editopsinfo.h"
#include "library/fixlibrary.h"
#include "library/libraryfilereader.h"
#include "library/oplibrary.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace opsinfo;
    std::string_view text(reinterpret_cast<const char *>(data), size);
    ParsedLibraryFile parsed = readJsonLibraryText(text, "fuzz.json");
    // Readers never hand out a prefix of a file they could not read.
    if (!parsed.readable && !parsed.entries.empty())
        std::abort();
    for (const Diagnostic &d : parsed.diagnostics) {
        (void)formatDiagnostic(d);
        // A certain fix names the very bytes it replaces.
        if (d.fix && text.substr(d.fix->offset, d.fix->original.size()) != d.fix->original)
            std::abort();
    }
    // Fix-its change nothing but their words: with none applied the bytes come back as they were.
    const LibraryFixResult fixed = fixLibraryText(text, "fuzz.json");
    if (fixed.applied == 0 && fixed.bytes != text)
        std::abort();

    OpsInfoEditor editor {std::string(text), "fuzz.json"};
    if (editor.isValid()) {
        for (const ScannedOp &op : editor.scan().ops)
            (void)editor.filePolicy(op.member.key);
        // No edits: the bytes come back unchanged.
        OpsInfoEditResult same = editor.apply({});
        if (same.ok() && same.bytes != text)
            std::abort();
    }
    return 0;
}
