#pragma once

#include "common/diagnostic.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace opsinfo {

// The SoC model every command uses. A user names a SoC by its SoC_version, as the platform ini and
// ATC's --soc_version spell it ("Ascend910B1"), or by its ops-info config folder ("ascend910b").
struct KnownSoc
{
    std::string_view name; // SoC_version; for SoCs known only by their config folder, that folder
    std::string_view folder; // config folder = lower-case Short_SoC_version (L5)
    std::optional<bool>
        bf16; // converts fp32 -> bf16 (Intrinsic_vconv f322bf16*); nullopt: not known
};

// Every SoC the engine knows: the SoC_versions of the CANN 8.1 platform inis, the other members of
// the families L5 names that the CANN stack's SoC tables list (Ascend910B2C, Ascend910B4-1,
// Ascend910_9382, Ascend310P1 ...), and the remaining config folders of a CANN 8.1 opp.
std::span<const KnownSoc> knownSocs();

// L5: the config folder of a SoC. "Ascend910B1".."B4" -> ascend910b; "Ascend910A", the first-
// generation "Ascend910B", "Ascend910ProB" ... -> ascend910; "Ascend910_93xx" -> ascend910_93;
// "Ascend910_95xx" -> ascend910_95; "Ascend310P*" -> ascend310p; "Ascend310B*" -> ascend310b. A
// known config folder name stays itself ("ascend910b" is not the first-generation "Ascend910B");
// anything else is lower-cased. Surrounding white space is ignored.
std::string socFolderName(std::string_view soc);

// The fp32 -> bf16 capability read from a platform ini text (nullopt: no Intrinsic_vconv line).
std::optional<bool> iniSupportsBf16(std::string_view platformIni);
// The SoC_version a platform ini declares ("SoC_version=Ascend910B1" in [version]); empty when
// it declares none.
std::string iniSocVersion(std::string_view platformIni);
// The same from the ini when its text is given, else from the SoC's folder: ascend910b,
// ascend910_93, ascend910_95, ascend310b yes; ascend910, ascend310p, ascend310 no; nullopt else.
std::optional<bool> socSupportsBf16(std::string_view soc, std::string_view platformIni = {});

// Whether `soc` is, case-insensitively and as a whole, a SoC_version or config folder of
// knownSocs(). No pattern: "Ascend910B9x" looks like a 910B but is no SoC.
bool isKnownSoc(std::string_view soc);
// The known name (SoC_version or folder) a misspelt SoC most likely means: the smallest edit
// distance on lower-case text, at most max(2, size/4); ties go to the first in knownSocs() order.
std::optional<std::string> nearestKnownSoc(std::string_view soc);
// nullopt for a known SoC; else an error (code "soc") naming it, with the nearest known name as
// the hint when there is one. A custom opp may still hold a folder of that name: a caller that can
// look there should before refusing.
std::optional<Diagnostic> checkSocName(std::string_view soc);

} // namespace opsinfo
