#include "cli/clieditedfile.h"

namespace opsinfo {

void addEditedFileOutputOptions(ArgParser &parser, std::vector<std::string> alternatives)
{
    alternatives.insert(alternatives.begin(), {"output", "in-place"});
    parser
        .option("output", "OUT",
                "write the edited file here (PATH stays untouched; never onto PATH)", false, "o")
        .writes()
        .flag(
            "in-place",
            "replace the file itself: atomically, after a backup, under a lock (a concurrent edit\n"
            "                              of the same file is refused, never lost)")
        .option("backup-dir", "DIR",
                "where --in-place keeps the backup (never inside the soc folder)")
        .oneOf(alternatives)
        .needs("backup-dir", "in-place");
}

EditedFileTarget editedFileTarget(const ArgParser &parser, const InputSet &inputs,
                                  const std::string &file, const FileStamp &stamp)
{
    EditedFileTarget target;
    target.options.audience = WriteAudience::Cli;
    if (parser.has("output")) {
        target.path = parser.value("output");
        target.options.backup = false;
        target.options.inputs = &inputs;
    } else {
        target.path = file;
        target.options.loadedStamp = stamp;
        target.options.backupDir = parser.value("backup-dir");
    }
    return target;
}

} // namespace opsinfo
