#include "resolver/precisionmode.h"

#include "common/coretext.h"
#include "common/soc.h"
#include "common/text.h"

#include <algorithm>

namespace opsinfo {

const std::vector<PrecisionModeName> &precisionModeNames()
{
    static const std::vector<PrecisionModeName> names {
        {"force_fp16", PrecisionMode::ForceFp16, false},
        {"force_fp32", PrecisionMode::CubeFp16InFp32Out, false},
        {"cube_fp16in_fp32out", PrecisionMode::CubeFp16InFp32Out, false},
        {"allow_fp32_to_fp16", PrecisionMode::AllowFp32ToFp16, false},
        {"must_keep_origin_dtype", PrecisionMode::MustKeepOriginDtype, false},
        {"allow_mix_precision", PrecisionMode::AllowMixPrecisionFp16, false},
        {"allow_mix_precision_fp16", PrecisionMode::AllowMixPrecisionFp16, false},
        {"allow_mix_precision_bf16", PrecisionMode::AllowMixPrecisionBf16, false},
        {"allow_fp32_to_bf16", PrecisionMode::AllowFp32ToBf16, false},
        {"fp16", PrecisionMode::ForceFp16, true},
        {"origin", PrecisionMode::MustKeepOriginDtype, true},
        {"cube_fp16in_fp32out", PrecisionMode::CubeFp16InFp32Out, true},
        {"mixed_float16", PrecisionMode::AllowMixPrecisionFp16, true},
        {"mixed_bfloat16", PrecisionMode::AllowMixPrecisionBf16, true},
        {"cube_hif8", PrecisionMode::CubeHif8, true},
        {"mixed_hif8", PrecisionMode::MixedHif8, true},
    };
    return names;
}

const std::vector<PrecisionModeName> &mindSporeLiteModeNames()
{
    static const std::vector<PrecisionModeName> names {
        {"enforce_fp32", PrecisionMode::CubeFp16InFp32Out, false},
        {"preferred_fp32", PrecisionMode::AllowFp32ToFp16, false},
        {"enforce_fp16", PrecisionMode::ForceFp16, false},
        {"enforce_origin", PrecisionMode::MustKeepOriginDtype, false},
        {"preferred_optimal", PrecisionMode::AllowMixPrecisionFp16, false},
    };
    return names;
}

const std::vector<PrecisionModeName> &internalPrecisionModeNames()
{
    static const std::vector<PrecisionModeName> names {
        {"force_lowerprecision", PrecisionMode::ForceLowerPrecision, false},
        {"allow_fp32_to_lowprecision", PrecisionMode::AllowFp32ToLowPrecision, false},
    };
    return names;
}

const char *mindSporeLiteModeName(PrecisionMode mode)
{
    for (const auto &entry : mindSporeLiteModeNames())
        if (entry.mode == mode)
            return entry.name.data(); // literals: NUL-terminated
    return nullptr;
}

bool isInternalMode(PrecisionMode mode)
{
    return mode == PrecisionMode::ForceLowerPrecision
        || mode == PrecisionMode::AllowFp32ToLowPrecision;
}

const char *precisionModeName(PrecisionMode mode)
{
    switch (mode) {
    case PrecisionMode::ForceFp16:
        return "force_fp16";
    case PrecisionMode::CubeFp16InFp32Out:
        return "cube_fp16in_fp32out";
    case PrecisionMode::AllowFp32ToFp16:
        return "allow_fp32_to_fp16";
    case PrecisionMode::MustKeepOriginDtype:
        return "must_keep_origin_dtype";
    case PrecisionMode::AllowMixPrecisionFp16:
        return "allow_mix_precision_fp16";
    case PrecisionMode::AllowMixPrecisionBf16:
        return "allow_mix_precision_bf16";
    case PrecisionMode::AllowFp32ToBf16:
        return "allow_fp32_to_bf16";
    case PrecisionMode::CubeHif8:
        return "cube_hif8";
    case PrecisionMode::MixedHif8:
        return "mixed_hif8";
    case PrecisionMode::ForceLowerPrecision:
        return "force_lowerprecision";
    case PrecisionMode::AllowFp32ToLowPrecision:
        return "allow_fp32_to_lowprecision";
    }
    return "force_fp16";
}

const char *precisionModeV2Name(PrecisionMode mode)
{
    switch (mode) {
    case PrecisionMode::ForceFp16:
        return "fp16";
    case PrecisionMode::CubeFp16InFp32Out:
        return "cube_fp16in_fp32out";
    case PrecisionMode::AllowFp32ToFp16:
        return "allow_fp32_to_fp16"; // no v2 name: v1 spelling
    case PrecisionMode::MustKeepOriginDtype:
        return "origin";
    case PrecisionMode::AllowMixPrecisionFp16:
        return "mixed_float16";
    case PrecisionMode::AllowMixPrecisionBf16:
        return "mixed_bfloat16";
    case PrecisionMode::AllowFp32ToBf16:
        return "allow_fp32_to_bf16"; // no v2 name
    case PrecisionMode::CubeHif8:
        return "cube_hif8";
    case PrecisionMode::MixedHif8:
        return "mixed_hif8";
    case PrecisionMode::ForceLowerPrecision:
        return "force_lowerprecision"; // internal: one name
    case PrecisionMode::AllowFp32ToLowPrecision:
        return "allow_fp32_to_lowprecision";
    }
    return "fp16";
}

std::optional<PrecisionMode> parsePrecisionMode(std::string_view name, std::string *error)
{
    for (const auto &entry : precisionModeNames())
        if (entry.name == name)
            return entry.mode;
    for (const auto &entry : mindSporeLiteModeNames())
        if (entry.name == name)
            return entry.mode;
    for (const auto &entry : internalPrecisionModeNames())
        if (entry.name == name)
            return entry.mode;
    if (error) {
        const std::string wanted = asciiLower(name);
        std::string_view best;
        std::size_t bestDistance = std::string::npos;
        std::string all;
        std::vector<std::string_view> listed;
        std::vector<PrecisionModeName> every = precisionModeNames();
        every.insert(every.end(), mindSporeLiteModeNames().begin(), mindSporeLiteModeNames().end());
        for (const auto &entry : every) {
            const std::size_t d = typoDistance(wanted, entry.name);
            if (d < bestDistance) {
                bestDistance = d;
                best = entry.name;
            }
            if (std::find(listed.begin(), listed.end(), entry.name) == listed.end()) {
                listed.push_back(entry.name);
                all += (all.empty() ? "" : ", ") + std::string(entry.name);
            }
        }
        // With a suggestion the text has two steps ("...'; did you mean ...").
        if (!best.empty() && bestDistance <= std::max<std::size_t>(3, wanted.size() / 3))
            *error = CoreText::tr("unknown precision mode '%1'", name) + "; "
                + CoreText::tr("did you mean '%1'? Valid names: %2", best, all);
        else
            *error = CoreText::tr("unknown precision mode '%1' Valid names: %2", name, all);
    }
    return std::nullopt;
}

bool isBf16Mode(PrecisionMode mode)
{
    return mode == PrecisionMode::AllowMixPrecisionBf16 || mode == PrecisionMode::AllowFp32ToBf16;
}

bool isMixedMode(PrecisionMode mode)
{
    return mode == PrecisionMode::AllowMixPrecisionFp16
        || mode == PrecisionMode::AllowMixPrecisionBf16 || mode == PrecisionMode::MixedHif8;
}

std::optional<Diagnostic> checkModeForSoc(PrecisionMode mode, std::string_view socVersion,
                                          std::string_view platformIni)
{
    if (!isBf16Mode(mode))
        return std::nullopt;
    const auto bf16 = socSupportsBf16(socVersion, platformIni);
    if (bf16 && *bf16)
        return std::nullopt;
    Diagnostic d;
    d.code = "mode-soc";
    if (!bf16) {
        d.severity = Severity::Warning;
        d.message = CoreText::tr(
            "cannot tell whether SoC '%1' supports %2: unknown SoC and no platform ini", socVersion,
            precisionModeName(mode));
        d.hint = CoreText::tr(
            "load the SoC's platform_config ini so its Intrinsic_vconv list can be checked");
        return d;
    }
    d.severity = Severity::Error;
    d.message = CoreText::tr(
        "precision mode %1 is not supported on %2: the SoC has no fp32 -> bf16 conversion (its Intrinsic_vconv lists no f322bf16), so the compiler refuses bf16 modes (§4)",
        precisionModeName(mode), socVersion);
    d.hint = CoreText::tr(
        "use allow_mix_precision_fp16 / allow_fp32_to_fp16 on this SoC, or target an A2/A3 SoC (Ascend910B*, Ascend910_93*, Ascend310B*)");
    return d;
}

PrecisionMode defaultPrecisionMode(bool training, std::string_view socVersion)
{
    if (!training)
        return PrecisionMode::ForceFp16;
    const std::string soc = socFolderName(socVersion);
    if (soc == "ascend910" || soc == "ascend310" || soc == "ascend310p")
        return PrecisionMode::AllowFp32ToFp16;
    return PrecisionMode::MustKeepOriginDtype;
}

} // namespace opsinfo
