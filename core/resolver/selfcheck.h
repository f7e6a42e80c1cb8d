#pragma once

#include "common/dtype.h"
#include "resolver/precisionmode.h"
#include "resolver/resolution.h"

#include <cstddef>
#include <string>
#include <vector>

namespace opsinfo {

class Graph;

// One FE node whose predicted dtype differs from the compiled graph's (§7).
struct CheckDisagreement
{
    std::string name;
    std::string type;
    DType predicted = DType::Undefined;
    DType compiled = DType::Undefined;
    std::vector<DType> predictedInputs;
    std::vector<DType> compiledInputs;
    std::vector<DType> predictedOutputs;
    std::vector<DType> compiledOutputs;
};

struct CheckReport
{
    std::size_t sourceNodes = 0;
    std::size_t compiledNodes = 0;
    std::size_t matched = 0; // source nodes with a compiled node of the same name
    std::size_t feMatched = 0; // of those, nodes the resolver decided (FE nodes) with a float dtype
    std::size_t agreed = 0; // FE nodes whose §8.6 dtype equals the compiled one
    std::size_t unmatchedFe = 0; // decided nodes absent from the compiled graph (fused away ...)
    std::vector<CheckDisagreement> disagreements;
    double agreement() const
    {
        return feMatched ? 100.0 * double(agreed) / double(feMatched) : 0.0;
    }
};

// §7: matches top-level nodes by name and compares the predicted §8.6 dtype of every node the
// resolver decided with the compiled node's (first float output, else first float input, as the
// compiled graph states them). Later fusion and Cast/TransData clean-up are why 100% is not
// expected.
CheckReport compareWithCompiled(const Graph &source, const Resolution &resolution,
                                const Graph &compiled);

// One mode's figures in the sweep over modes.
struct ModeCheck
{
    PrecisionMode mode = PrecisionMode::ForceFp16;
    std::string refused; // the compiler refuses the mode on the SoC: why (not a candidate)
    CheckReport report; // over every matched FE node
    // Agreeing on nodes every mode predicts alike proves nothing about the mode. A node is
    // *decisive* for this mode when FE decides (or rejects) it here, the prediction rests on no
    // approx rule, and another candidate mode predicts a different dtype for it, also not approx.
    std::size_t decisive = 0;
    std::size_t decisiveAgreed = 0;
};

// Which modes a compiled dump is consistent with: the candidates agreeing on every one of their
// decisive nodes (at least one); when none does, the closest by share of decisive agreement.
struct ModeCheckSweep
{
    std::vector<ModeCheck> modes;
    std::size_t approximate = 0; // matched nodes with an approx prediction in some candidate mode
    std::vector<PrecisionMode> consistent;
    std::vector<PrecisionMode> closest;
};

// `resolutions[i]` is `modes[i].mode` resolved over `source`; modes with `refused` set are reported
// but are not candidates.
ModeCheckSweep compareModesWithCompiled(const Graph &source,
                                        const std::vector<Resolution> &resolutions,
                                        std::vector<ModeCheck> modes, const Graph &compiled);

} // namespace opsinfo
