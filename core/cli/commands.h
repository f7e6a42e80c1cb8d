#pragma once

#include "cli/argparser.h"

#include <ostream>
#include <string>
#include <vector>

namespace opsinfo {

using CommandFunction
    = int (*)(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

extern const char *kOpsInfoVersion;

// One entry point per top-level command; each parses its own subcommand and options.
int runLibraryCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);
int runMixlistCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);
int runConvertIniCommand(const std::vector<std::string> &args, std::ostream &out,
                         std::ostream &err);
int runGraphCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);
int runResolveCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);
int runCheckCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);
int runAdviseCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);
int runEvidenceCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);
int runReportCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);
int runSnippetCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);
int runSchemaCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

// Shared by the subcommand dispatchers: "opsinfo library <sub>" with per-sub help.
struct Subcommand
{
    const char *name;
    const char *summary;
    CommandFunction run;
};
int dispatchSubcommand(const std::string &group, const std::vector<Subcommand> &subs,
                       const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace opsinfo
