#include "mixlist/mixlistlint.h"

#include "common/coretext.h"
#include "common/text.h"
#include "library/oplibrary.h"
#include "mixlist/irnamehints.h"
#include "mixlist/nearestname.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

namespace opsinfo {

bool isGraphOnlyType(std::string_view type)
{
    static constexpr std::array<std::string_view, 10> types {
        "Const",       "Constant", "Data",     "End",        "NetOutput",
        "PlaceHolder", "RefData",  "Variable", "VariableV2", "AippData"};
    return std::find(types.begin(), types.end(), type) != types.end();
}

namespace {

struct Located
{
    MixlistList list;
    MixlistAction action;
    std::size_t index;
    const MixlistEntry *entry;
};

FixIt makeFix(const Located &at, FixIt::Kind kind, std::string replacement = {})
{
    FixIt fix;
    fix.kind = kind;
    fix.list = at.list;
    fix.action = at.action;
    fix.index = at.index;
    fix.opType = at.entry->opType;
    fix.line = at.entry->line;
    fix.column = at.entry->column;
    fix.replacement = std::move(replacement);
    fix.label = kind == FixIt::Kind::Rename
        ? CoreText::tr("Rename to '%1'", fix.replacement)
        : CoreText::tr("Remove '%1' from %2", fix.opType, mixlistMarkName(at.list, at.action));
    return fix;
}

// Several entries of the CANN documentation's sample list: a copied sample, not a policy.
std::optional<LintFinding> copiedSampleFinding(const Mixlist &mixlist, const std::string &file)
{
    std::vector<const MixlistEntry *> sample;
    for (auto list : Mixlist::lists)
        for (auto action : Mixlist::actions)
            for (const MixlistEntry &e : mixlist.entries(list, action))
                if (isDocumentationSampleEntry(e.opType))
                    sample.push_back(&e);
    if (sample.size() >= 3) {
        const auto first = *std::min_element(
            sample.begin(), sample.end(), [](const MixlistEntry *a, const MixlistEntry *b) {
                return std::pair(a->line, a->column) < std::pair(b->line, b->column);
            });
        return LintFinding {
            Diagnostic {
                Severity::Warning,
                {file, first->line, first->column},
                "F4",
                CoreText::tr(
                    "%1 entries come from the CANN documentation's sample mixlist (Xlog1py, Matmul, Cast, Conv2D, Bias) (F4)",
                    sample.size()),
                CoreText::tr("replace the sample's entries with the op types of your graph")},
            std::nullopt};
    }
    return std::nullopt;
}

// Why the entry `mark` (list and action) of an op type whose library colour is `policy` changes
// nothing (X3).
std::string noEffectMessage(MixlistList list, MixlistAction action, Policy policy,
                            const std::string &mark, const std::string &type)
{
    // One template per reason; the caller adds the effective colour as a step of its own.
    std::string message;
    if (action == MixlistAction::Remove && listOf(policy) != list)
        message = CoreText::tr("%1 of '%2' changes nothing (X3): it is %3, not on %4", mark, type,
                               policyName(policy), mixlistListKey(list));
    else if (list == MixlistList::Gray && action == MixlistAction::Add)
        message = CoreText::tr(
            "%1 of '%2' changes nothing (X3): gray-list.to-add alone never changes a colour", mark,
            type);
    else if (action == MixlistAction::Add && listOf(policy) == list)
        message = CoreText::tr("%1 of '%2' changes nothing (X3): it is already %3", mark, type,
                               policyName(policy));
    else
        message = CoreText::tr(
            "%1 of '%2' changes nothing (X3): another entry already decides its colour", mark,
            type);
    return message;
}

// What the checks of one lint run share: the inputs, what is looked up once, the findings.
struct LintRun
{
    const Mixlist &mixlist;
    const OpLibrary *library;
    const std::string &file;
    std::vector<std::string> known; // the library's op types, for the nearest-name suggestion
    std::map<std::string, std::vector<MixlistMark>, std::less<>> marksByType;
    std::map<std::string, std::optional<std::string>, std::less<>> nearestCache;
    // Op type -> line of its first entry, within the list and action being checked.
    std::map<std::string, int, std::less<>> firstLine;
    std::vector<LintFinding> findings;

    void report(const Located &at, std::string message, std::string hint, std::optional<FixIt> fix)
    {
        Diagnostic d {Severity::Warning,
                      {file, at.entry->line, at.entry->column},
                      "X4",
                      std::move(message),
                      std::move(hint)};
        findings.push_back({std::move(d), std::move(fix)});
    }

    // F4: a framework, ONNX or TensorFlow name where an Ascend IR type belongs.
    void reportName(const Located &at, const IrNameHint &hint)
    {
        std::string types;
        for (const std::string &t : hint.irTypes)
            types += (types.empty() ? "" : ", ") + t;
        Diagnostic d {
            Severity::Warning,
            {file, at.entry->line, at.entry->column},
            "F4",
            CoreText::tr(
                "'%1' is a %2 name, not an Ascend IR op type: the mixlist never matches it (F4)",
                at.entry->opType, nameOriginText(hint.origin)),
            CoreText::tr("it most likely means %1", types)};
        findings.push_back({std::move(d), makeFix(at, FixIt::Kind::Rename, hint.irTypes.front())});
    }

    // The library's op type nearest to `type`, computed once per type.
    const std::optional<std::string> &nearest(const std::string &type)
    {
        auto cached = nearestCache.find(type);
        if (cached == nearestCache.end())
            cached = nearestCache.emplace(type, nearestOpType(type, known)).first;
        return cached->second;
    }
};

// Whether the checks after one go on with the entry, or it is decided.
enum class Verdict { Next, Done };

Verdict checkDuplicate(LintRun &run, const Located &at)
{
    const std::string &type = at.entry->opType;
    const auto [it, inserted] = run.firstLine.emplace(type, at.entry->line);
    if (inserted)
        return Verdict::Next;
    run.report(at,
               CoreText::tr("'%1' is listed twice in %2 (first at line %3)", type,
                            mixlistMarkName(at.list, at.action), it->second),
               CoreText::tr("remove the duplicate"), makeFix(at, FixIt::Kind::Remove));
    return Verdict::Done;
}

Verdict checkGraphOnlyType(LintRun &run, const Located &at)
{
    const std::string &type = at.entry->opType;
    if (!isGraphOnlyType(type))
        return Verdict::Next;
    run.report(
        at,
        CoreText::tr("'%1' is a graph node type, not an FE op: the mixlist never affects it", type),
        CoreText::tr("remove the entry"), makeFix(at, FixIt::Kind::Remove));
    return Verdict::Done;
}

// F4 note on real IR types that come from the CANN sample: rarely the op a user means.
Verdict noteDocumentationSample(LintRun &run, const Located &at)
{
    const std::string &type = at.entry->opType;
    if (isDocumentationPlaceholder(type)) {
        run.findings.push_back(
            {Diagnostic {
                 Severity::Note,
                 {run.file, at.entry->line, at.entry->column},
                 "F4",
                 CoreText::tr(
                     "'%1' is a real Ascend IR type but rarely the op meant: it comes from the CANN documentation's sample mixlist (F4)",
                     type),
                 CoreText::tr("replace it with an op type of your graph, or remove it")},
             makeFix(at, FixIt::Kind::Remove)});
    }
    return Verdict::Next;
}

// Without a library only the names can be judged: a framework name, a sample entry.
Verdict checkNameWithoutLibrary(LintRun &run, const Located &at)
{
    if (run.library)
        return Verdict::Next;
    if (const auto hint = irTypesForName(at.entry->opType, nullptr))
        run.reportName(at, *hint);
    else
        noteDocumentationSample(run, at);
    return Verdict::Done;
}

// An op type the library does not define: a framework name, a case slip or typo of one it
// does, or an op the mixlist never affects.
Verdict checkNotInLibrary(LintRun &run, const Located &at)
{
    const std::string &type = at.entry->opType;
    if (run.library->find(type))
        return Verdict::Next;
    const auto &near = run.nearest(type);
    const bool caseSlip
        = near && near->size() == type.size() && asciiLower(*near) == asciiLower(type);
    if (!caseSlip) {
        if (const auto hint = irTypesForName(type, run.library)) {
            run.reportName(at, *hint);
            return Verdict::Done;
        }
    }
    if (near) {
        run.report(
            at,
            CoreText::tr(
                "'%1' is not in the loaded library — did you mean '%2'? (op types are case-sensitive)",
                type, *near),
            CoreText::tr("rename it to '%1'", *near), makeFix(at, FixIt::Kind::Rename, *near));
    } else {
        run.report(
            at,
            CoreText::tr(
                "'%1' is not in the loaded AI Core library: an AI CPU-only or unknown op type is never affected by the mixlist",
                type),
            CoreText::tr("remove the entry, or load the library that defines it"),
            makeFix(at, FixIt::Kind::Remove));
    }
    return Verdict::Done;
}

// Changes nothing: X3 gives the same colour with and without this entry.
Verdict checkNoEffect(LintRun &run, const Located &at)
{
    const std::string &type = at.entry->opType;
    const Policy policy = run.library->find(type)->policy;
    auto marks = run.marksByType.find(type)->second;
    const Policy with = applyMarks(policy, marks);
    marks.erase(std::remove_if(marks.begin(), marks.end(),
                               [&](const MixlistMark &m) {
                                   return m.list == at.list && m.action == at.action;
                               }),
                marks.end());
    const Policy without = applyMarks(policy, marks);
    if (with == without) {
        const std::string message = noEffectMessage(at.list, at.action, policy,
                                                    mixlistMarkName(at.list, at.action), type);
        run.report(at, message + "; " + CoreText::tr("effective %1", policyName(with)),
                   CoreText::tr("remove the entry"), makeFix(at, FixIt::Kind::Remove));
    }
    return Verdict::Done;
}

struct EntryCheck
{
    const char *id;
    Verdict (*check)(LintRun &, const Located &);
};

// Run on every entry in this order until one decides it: the later checks rely on the earlier
// ones (a library is loaded and defines the op type from checkNotInLibrary on).
constexpr std::array<EntryCheck, 6> kEntryChecks {{
    {"duplicate", checkDuplicate},
    {"graph-only-type", checkGraphOnlyType},
    {"name-without-library", checkNameWithoutLibrary},
    {"not-in-library", checkNotInLibrary},
    {"documentation-sample", noteDocumentationSample},
    {"no-effect", checkNoEffect},
}};

} // namespace

std::vector<LintFinding> lintMixlist(const Mixlist &mixlist, const OpLibrary *library,
                                     const std::string &file)
{
    LintRun run {mixlist, library, file, {}, mixlist.marksByType(), {}, {}, {}};
    if (library) {
        run.known.reserve(library->ops().size());
        for (const auto &e : library->ops())
            run.known.push_back(e.type);
    }
    if (auto sample = copiedSampleFinding(mixlist, file))
        run.findings.push_back(std::move(*sample));
    for (auto list : Mixlist::lists) {
        for (auto action : Mixlist::actions) {
            const auto &entries = mixlist.entries(list, action);
            run.firstLine.clear();
            for (std::size_t i = 0; i < entries.size(); ++i) {
                const Located at {list, action, i, &entries[i]};
                for (const EntryCheck &check : kEntryChecks)
                    if (check.check(run, at) == Verdict::Done)
                        break;
            }
        }
    }
    return std::move(run.findings);
}

Mixlist applyFixIt(const Mixlist &mixlist, const FixIt &fix)
{
    Mixlist out = mixlist;
    auto &entries = out.entries(fix.list, fix.action);
    std::size_t index = fix.index;
    auto matches = [&](std::size_t i) {
        return i < entries.size() && entries[i].opType == fix.opType
            && (fix.line == 0 || (entries[i].line == fix.line && entries[i].column == fix.column));
    };
    if (!matches(index)) {
        // The mixlist changed since lint ran: find the entry by its op type and position.
        index = entries.size();
        for (std::size_t i = 0; i < entries.size(); ++i)
            if (matches(i)) {
                index = i;
                break;
            }
        if (index == entries.size())
            return out;
    }
    if (fix.kind == FixIt::Kind::Rename)
        entries[index].opType = fix.replacement;
    else
        entries.erase(entries.begin() + std::ptrdiff_t(index));
    return out;
}

} // namespace opsinfo
