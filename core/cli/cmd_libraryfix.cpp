#include "cli/cmd_libraryfix.h"

#include "cli/clicommon.h"
#include "cli/clieditedfile.h"
#include "common/outputfile.h"
#include "library/fixlibrary.h"
#include "library/libraryfilereader.h"
#include "library/savefile.h"

#include <filesystem>

namespace opsinfo {

int libraryFix(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p(
        "opsinfo library fix",
        "Repair what is certain in one ops-info file (a dtype word with one known spelling:\n"
        "fp32 -> float32, fp16 -> float16, bf16 -> bfloat16 ...), changing only those bytes.\n"
        "Exit 0 when the compiler accepts the result, 1 while problems remain (they are listed).");
    p.positional("PATH", "ops-info .json or .ini file").reads();
    p.flag("dry-run", "list the fixes and what would remain; write nothing");
    addEditedFileOutputOptions(p, {"dry-run"});
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    const std::string path = p.value("PATH");
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        err << "opsinfo library fix: " << path
            << " is a folder; give the file to fix ('opsinfo library stats' names the file of each problem)\n";
        return ExitUsage;
    }
    std::string bytes;
    FileStamp stamp;
    if (const auto refused
        = readInputFile(path, {"an ops-info library file", kMaxLibraryFileBytes}, bytes, &stamp)) {
        printDiagnostics({refused->diagnostic()}, err);
        return ExitUsage;
    }
    const LibraryFixResult fixed = fixLibraryText(bytes, path);
    for (const Diagnostic &d : fixed.fixed)
        err << d.location.file << ":" << d.location.line << ":" << d.location.column << ": fix: '"
            << d.fix->original << "' -> '" << d.fix->replacement << "'\n";
    printDiagnostics(fixed.remaining, err);
    const bool refusedStill = hasErrors(fixed.remaining);
    std::size_t errors = 0;
    for (const Diagnostic &d : fixed.remaining)
        errors += d.severity == Severity::Error ? 1 : 0;
    const std::string remaining = refusedStill
        ? std::to_string(errors) + (errors == 1 ? " problem remains" : " problems remain")
            + " (above): the compiler still refuses the file"
        : "the compiler accepts the file";
    // -o always writes its file (the same bytes when nothing is certain), so a script can rely on
    // it; --in-place leaves an unchanged file alone.
    if (fixed.applied == 0 && !p.has("output")) {
        err << "opsinfo: nothing certain to fix in " << path << "; " << remaining << "\n";
        return refusedStill ? ExitInputErrors : ExitOk;
    }
    if (p.has("dry-run")) {
        err << "opsinfo: " << fixed.applied << " fix(es) would be made in " << path
            << " (nothing written); then " << remaining << "\n";
        return refusedStill ? ExitInputErrors : ExitOk;
    }
    const InputSet inputs = p.inputs();
    const EditedFileTarget target = editedFileTarget(p, inputs, path, stamp);
    const SaveResult saved = saveFileAtomically(target.path, fixed.bytes, target.options);
    printDiagnostics(saved.diagnostics, err);
    if (!saved.ok)
        return ExitUsage;
    if (fixed.applied == 0)
        err << "opsinfo: nothing certain to fix in " << path << "; written unchanged to "
            << target.path << "; " << remaining << "\n";
    else
        err << "opsinfo: " << fixed.applied << " fix(es) written to " << target.path
            << (saved.backupPath.empty() ? "" : " (backup: " + saved.backupPath + ")") << "; "
            << remaining << "\n";
    return refusedStill ? ExitInputErrors : ExitOk;
}

} // namespace opsinfo
