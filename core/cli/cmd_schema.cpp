#include "cli/clioutput.h"
#include "cli/commands.h"
#include "common/resources.h"

namespace opsinfo {

namespace {

struct SchemaFile
{
    const char *name;
    const char *resource;
};

// The schemas are embedded (resources/core/schemas) so `opsinfo schema` works from a bare binary;
// the installed copies under share/opsinfo-studio/schemas are the same files.
const SchemaFile kSchemas[] = {
    {"mixlist", "schemas/modify_mixlist.schema.json"},
    {"opsinfo", "schemas/opsinfo.schema.json"},
};

} // namespace

int runSchemaCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p(
        "opsinfo schema",
        "Print the JSON Schema (draft 2020-12) of a file format, for editors that validate while\n"
        "typing (VS Code: \"json.schemas\" with \"fileMatch\": [\"ops_info.json\"]).\n"
        "  mixlist   modify_mixlist files (only the keys the compiler accepts, X1)\n"
        "  opsinfo   ops-info libraries (three levels, string leaves, precision_reduce.flag)");
    p.positional("KIND", "mixlist or opsinfo");
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    const std::string kind = p.value("KIND");
    for (const SchemaFile &s : kSchemas) {
        if (kind != s.name)
            continue;
        const auto text = embeddedResource(s.resource);
        if (!text) {
            err << "opsinfo schema: " << s.resource << " is not embedded in this build\n";
            return ExitUsage;
        }
        writeDocument(out, *text);
        if (text->empty() || text->back() != '\n')
            writeDocument(out, "\n");
        return ExitOk;
    }
    err << "opsinfo schema: unknown schema '" << kind << "' (mixlist or opsinfo)\n";
    return ExitUsage;
}

} // namespace opsinfo
