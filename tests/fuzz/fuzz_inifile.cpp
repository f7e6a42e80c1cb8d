// libFuzzer target: the INI source form, as parse_ini_to_json.py converts it and as the loader
// reads it; the canonical JSON it writes must read back as a library.
#include "library/inijson.h"
#include "library/libraryfilereader.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace opsinfo;
    std::string_view text(reinterpret_cast<const char *>(data), size);
    IniConversionOptions options;
    options.file = "fuzz.ini";
    options.trimKeysAndValues = size % 2 == 0;
    IniConversion converted = convertIni(text, options);
    ParsedLibraryFile parsed = readIniLibraryText(text, "fuzz.ini");
    (void)parsed;
    // What we write we must be able to read back.
    ParsedLibraryFile back = readJsonLibraryText(converted.json, "converted.json");
    if (!back.readable)
        std::abort();
    return 0;
}
