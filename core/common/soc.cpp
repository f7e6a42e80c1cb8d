#include "common/soc.h"

#include "common/coretext.h"
#include "common/text.h"

#include <algorithm>
#include <array>

namespace opsinfo {

namespace {

constexpr std::optional<bool> kUnknown = std::nullopt;

// Rows from the CANN 8.1.RC1 platform inis (SoC_version, Short_SoC_version, Intrinsic_vconv) and
// its tbe/config folders; then the other SoC_versions the CANN stack names (the runtime's and
// torch_npu's SoC tables: the 910B, 910_93, 910_95, 310P and 310B lines), which follow their
// family's folder and bf16. A name is known only when it is one of these: "Ascend910B9x" is no SoC.
constexpr std::array kKnown {
    KnownSoc {"Ascend910B1", "ascend910b", true},
    KnownSoc {"Ascend910B2", "ascend910b", true},
    KnownSoc {"Ascend910B3", "ascend910b", true},
    KnownSoc {"Ascend910B4", "ascend910b", true},
    KnownSoc {"Ascend910_9391", "ascend910_93", true},
    KnownSoc {"Ascend910_95", "ascend910_95", true},
    KnownSoc {"Ascend910A", "ascend910", false},
    KnownSoc {"Ascend910B", "ascend910", false},
    KnownSoc {"Ascend910ProA", "ascend910", false},
    KnownSoc {"Ascend910ProB", "ascend910", false},
    KnownSoc {"Ascend910PremiumA", "ascend910", false},
    KnownSoc {"Ascend310P3", "ascend310p", false},
    KnownSoc {"Ascend310B1", "ascend310b", true},
    KnownSoc {"Ascend310", "ascend310", false},
    KnownSoc {"Ascend910B2C", "ascend910b", true},
    KnownSoc {"Ascend910B4-1", "ascend910b", true},
    KnownSoc {"Ascend910_9392", "ascend910_93", true},
    KnownSoc {"Ascend910_9381", "ascend910_93", true},
    KnownSoc {"Ascend910_9382", "ascend910_93", true},
    KnownSoc {"Ascend910_9372", "ascend910_93", true},
    KnownSoc {"Ascend910_9362", "ascend910_93", true},
    KnownSoc {"Ascend910_9361", "ascend910_93", true},
    KnownSoc {"Ascend910_9579", "ascend910_95", true},
    KnownSoc {"Ascend910_950z", "ascend910_95", true},
    KnownSoc {"Ascend910_957b", "ascend910_95", true},
    KnownSoc {"Ascend910_957d", "ascend910_95", true},
    KnownSoc {"Ascend910_9581", "ascend910_95", true},
    KnownSoc {"Ascend910_9589", "ascend910_95", true},
    KnownSoc {"Ascend910_958a", "ascend910_95", true},
    KnownSoc {"Ascend910_958b", "ascend910_95", true},
    KnownSoc {"Ascend910_9599", "ascend910_95", true},
    KnownSoc {"Ascend310P1", "ascend310p", false},
    KnownSoc {"Ascend310P2", "ascend310p", false},
    KnownSoc {"Ascend310P4", "ascend310p", false},
    KnownSoc {"Ascend310P5", "ascend310p", false},
    KnownSoc {"Ascend310P7", "ascend310p", false},
    KnownSoc {"Ascend310B2", "ascend310b", true},
    KnownSoc {"Ascend310B3", "ascend310b", true},
    KnownSoc {"Ascend310B4", "ascend310b", true},
    KnownSoc {"ascend031", "ascend031", kUnknown},
    KnownSoc {"ascend035", "ascend035", kUnknown},
    KnownSoc {"ascend610", "ascend610", kUnknown},
    KnownSoc {"ascend610lite", "ascend610lite", kUnknown},
    KnownSoc {"as31xm1", "as31xm1", kUnknown},
    KnownSoc {"bs9sx1a", "bs9sx1a", kUnknown},
    KnownSoc {"bs9sx2a", "bs9sx2a", kUnknown},
    KnownSoc {"hi3796cv300cs", "hi3796cv300cs", kUnknown},
    KnownSoc {"hi3796cv300es", "hi3796cv300es", kUnknown},
    KnownSoc {"mc61am21a", "mc61am21a", kUnknown},
    KnownSoc {"sd3403", "sd3403", kUnknown},
};

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// "ascend910b" + a digit ...: a member of that L5 family.
bool familyMember(std::string_view lower, std::string_view family)
{
    return startsWith(lower, family) && lower.size() > family.size()
        && isDigit(lower[family.size()]);
}

bool isKnownFolder(std::string_view name)
{
    return std::any_of(kKnown.begin(), kKnown.end(),
                       [name](const KnownSoc &s) { return s.folder == name; });
}

} // namespace

std::span<const KnownSoc> knownSocs()
{
    return kKnown;
}

std::string socFolderName(std::string_view soc)
{
    const std::string_view name = trimmed(soc);
    const std::string lower = asciiLower(name);
    if (lower == name && isKnownFolder(lower))
        return lower;
    if (startsWith(lower, "ascend910_93"))
        return "ascend910_93";
    if (startsWith(lower, "ascend910_95"))
        return "ascend910_95";
    if (familyMember(lower, "ascend910b"))
        return "ascend910b"; // Ascend910B1..B4 (A2)
    if (startsWith(lower, "ascend910") && !startsWith(lower, "ascend910_"))
        return "ascend910"; // Ascend910A, the first-generation Ascend910B, Ascend910ProB ...
    if (startsWith(lower, "ascend310p"))
        return "ascend310p";
    if (startsWith(lower, "ascend310b"))
        return "ascend310b";
    return lower;
}

std::optional<bool> iniSupportsBf16(std::string_view ini)
{
    const std::size_t pos = ini.find("Intrinsic_vconv");
    if (pos == std::string_view::npos)
        return std::nullopt;
    const std::size_t end = ini.find('\n', pos);
    const std::string_view line
        = ini.substr(pos, end == std::string_view::npos ? ini.npos : end - pos);
    // The first line found is AI Core's vconv list; a later CUBE section may repeat it.
    return line.find("f322bf16") != std::string_view::npos;
}

std::string iniSocVersion(std::string_view ini)
{
    std::string version;
    forEachTrimmedLine(ini, [&version](std::string_view line) {
        const std::string_view rest
            = trimmed(line.substr(0, 11) == "SoC_version" ? line.substr(11) : "");
        if (rest.empty() || rest.front() != '=')
            return true;
        version = std::string(trimmed(rest.substr(1)));
        return false;
    });
    return version;
}

std::optional<bool> socSupportsBf16(std::string_view soc, std::string_view platformIni)
{
    if (!platformIni.empty())
        if (auto fromIni = iniSupportsBf16(platformIni))
            return fromIni;
    const std::string folder = socFolderName(soc);
    for (const KnownSoc &known : kKnown)
        if (known.folder == folder && known.bf16)
            return known.bf16;
    return std::nullopt;
}

bool isKnownSoc(std::string_view soc)
{
    // A whole name of the table, never a prefix or a pattern: "Ascend910B9x" or "Ascend910B12"
    // only look like a family member.
    const std::string lower = asciiLower(trimmed(soc));
    return std::any_of(kKnown.begin(), kKnown.end(), [&lower](const KnownSoc &s) {
        return asciiLower(s.name) == lower || s.folder == lower;
    });
}

std::optional<std::string> nearestKnownSoc(std::string_view soc)
{
    const std::string lower = asciiLower(trimmed(soc));
    const std::size_t limit = std::max<std::size_t>(2, lower.size() / 4);
    std::optional<std::string> best;
    std::size_t bestDistance = limit + 1;
    for (const KnownSoc &known : kKnown)
        for (std::string_view candidate : {known.name, known.folder}) {
            const std::size_t d = typoDistance(lower, asciiLower(candidate));
            if (d < bestDistance) {
                bestDistance = d;
                best = std::string(candidate);
            }
        }
    return best;
}

std::optional<Diagnostic> checkSocName(std::string_view soc)
{
    if (isKnownSoc(soc))
        return std::nullopt;
    Diagnostic d;
    d.code = "soc";
    d.message = CoreText::tr("unknown SoC '%1'", trimmed(soc));
    if (const auto nearest = nearestKnownSoc(soc))
        d.hint = CoreText::tr("did you mean '%1'?", *nearest);
    else
        d.hint = CoreText::tr(
            "give a SoC_version such as Ascend910B1 or a config folder name such as ascend910b");
    return d;
}

} // namespace opsinfo
