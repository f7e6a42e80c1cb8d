// libFuzzer target: random colour-edit sequences on small libraries. After every step the saved
// bytes must re-parse (both readers), every op must read back with the colour it was given, and at
// the end setting every op back to its file colour must give the original bytes exactly.
#include "library/editopsinfo.h"
#include "library/libraryfilereader.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

using namespace opsinfo;

// Each is a store the compiler accepts (L6: every tensor has name and paramType, dtype and format
// lists of one length), so a failed reload is the editor's fault. Layouts the editor must keep:
// canonical json.dumps, compact one-line, CRLF with tabs, items in odd order with duplicates and a
// flag given twice (the last one wins).
const char *const libraries[] = {
    "{\n    \"Add\":{\n        \"input0\":{\n            \"dtype\":\"float16,float\",\n"
    "            \"format\":\"ND,ND\",\n            \"name\":\"x1\",\n"
    "            \"paramType\":\"required\"\n        },\n        \"opFile\":{\n            \"value\":\"add\"\n"
    "        },\n        \"precision_reduce\":{\n            \"flag\":\"true\"\n        }\n    },\n"
    "    \"Gelu\":{\n        \"opFile\":{\n            \"value\":\"gelu\"\n        }\n    },\n"
    "    \"MatMul\":{\n        \"precision_reduce\":{\n            \"flag\":\"false\"\n        }\n    }\n}",
    "{\"A\":{\"opFile\":{\"value\":\"a\"}},\"B\":{\"precision_reduce\":{\"flag\":\"true\"}},\"C\":{}}",
    "{\r\n\t\"Relu\": {\r\n\t\t\"precision_reduce\": {\"flag\": \"false\"}\r\n\t},\r\n"
    "\t\"Cast\": {\r\n\t\t\"input0\": {\"name\": \"x\", \"paramType\": \"required\"},\r\n"
    "\t\t\"output0\": {\"name\": \"y\", \"paramType\": \"required\"}\r\n\t}\r\n}\r\n",
    "{\n  \"Z\": {\"precision_reduce\": {\"flag\": \"true\"}, \"opFile\": {\"value\": \"z\"},\n"
    "         \"precision_reduce\": {\"flag\": \"false\"}},\n  \"Y\": {\"heavyOp\": {\"flag\": \"true\"}},\n"
    "  \"Z\": {\"input0\": {\"name\": \"x\", \"paramType\": \"required\"}},\n  \"\\u00e9\": {\"opFile\": {\"value\": \"e\"}}\n}\n",
};

[[noreturn]] void fail(const char *what, const std::string &bytes)
{
    std::fprintf(stderr, "edit round trip: %s\n--- bytes ---\n%s\n", what, bytes.c_str());
    std::abort();
}

Policy policyOf(std::uint8_t byte)
{
    return Policy(byte % 3); // Gray, White, Black
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 1)
        return 0;
    const std::string original = libraries[data[0] % std::size(libraries)];
    OpsInfoEditor editor(original, "lib.json");
    if (!editor.isValid())
        fail("fixture does not scan", original);

    std::vector<std::string> types;
    for (const ScannedOp &op : editor.scan().ops)
        if (std::find(types.begin(), types.end(), op.member.key) == types.end())
            types.push_back(op.member.key);

    PolicyEdits edits;
    PolicyEdits fileColours;
    for (const std::string &type : types)
        fileColours[type] = editor.filePolicy(type).value_or(Policy::Gray);

    // Two bytes per step: which op, which colour.
    for (std::size_t i = 1; i + 1 < size && i < 1 + 2 * 64; i += 2) {
        const std::string &type = types[data[i] % types.size()];
        edits[type] = policyOf(data[i + 1]);
        OpsInfoEditResult saved = editor.apply(edits);
        if (!saved.ok())
            fail("apply failed", saved.bytes);
        ParsedLibraryFile parsed = readJsonLibraryText(saved.bytes, "saved.json");
        if (!parsed.readable || hasErrors(parsed.diagnostics))
            fail("saved bytes do not load", saved.bytes);
        OpsInfoEditor reloaded(saved.bytes, "saved.json");
        if (!reloaded.isValid())
            fail("saved bytes do not scan", saved.bytes);
        for (const std::string &t : types) {
            auto it = edits.find(t);
            Policy expected = it != edits.end() ? it->second : fileColours[t];
            if (reloaded.filePolicy(t) != expected)
                fail("an op reads back with another colour", saved.bytes);
        }
    }
    OpsInfoEditResult back = editor.apply(fileColours);
    if (!back.ok() || back.bytes != original)
        fail("setting the file colours again does not give the original bytes", back.bytes);
    return 0;
}
