#include "mixlist/irnamehints.h"

#include "graph/apimap.h"
#include "graph/apiname.h"
#include "graph/opmap.h"
#include "library/oplibrary.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace opsinfo {

const char *nameOriginText(NameOrigin origin)
{
    switch (origin) {
    case NameOrigin::Onnx:
        return "ONNX";
    case NameOrigin::TensorFlow:
        return "TensorFlow";
    case NameOrigin::FrameworkApi:
        return "framework API";
    }
    return "framework API";
}

namespace {

void addUnique(std::vector<std::string> &list, const std::string &type)
{
    if (!type.empty() && std::find(list.begin(), list.end(), type) == list.end())
        list.push_back(type);
}

std::vector<std::string> mapped(const OpLookup &lookup, std::string_view name)
{
    std::vector<std::string> types;
    if (!lookup.mapped)
        return types;
    addUnique(types, lookup.irType);
    for (const std::string &alternative : lookup.alternatives)
        addUnique(types, alternative);
    // An identity row ("Add -> Add") says nothing about a misnamed entry.
    types.erase(std::remove(types.begin(), types.end(), std::string(name)), types.end());
    return types;
}

// Framework API names users write (torch.matmul, torch.nn.functional.layer_norm, F.softmax,
// linear, msprobe's Functional.conv2d.0.forward): the IR types of the shared framework-API map
// (core/evidence ApiMap, resources/core/apimap), the one the evidence join uses.
std::vector<std::string> frameworkApiTypes(std::string_view name)
{
    const bool msprobeName = name.find(".forward") != std::string_view::npos
        || name.find(".backward") != std::string_view::npos
        || (!name.empty() && std::isupper(static_cast<unsigned char>(name.front()))
            && name.find('.') != std::string_view::npos);
    std::optional<ApiName> api;
    if (msprobeName)
        api = parseApiName(name);
    if (!api) {
        // A Python path: the function is its last part.
        const std::size_t dot = name.rfind('.');
        api = ApiName {};
        api->api = std::string(name.substr(dot == std::string_view::npos ? 0 : dot + 1));
        if (api->api.empty())
            return {};
    }
    EvidenceFramework framework = EvidenceFramework::Unknown;
    if (name.rfind("torch", 0) == 0 || name.rfind("F.", 0) == 0 || name.rfind("nn.", 0) == 0)
        framework = EvidenceFramework::PyTorch;
    else if (name.rfind("mindspore", 0) == 0 || name.rfind("ops.", 0) == 0
             || name.rfind("mint.", 0) == 0)
        framework = EvidenceFramework::MindSpore;
    const ApiLookup lookup = ApiMap::defaults().lookup(framework, *api);
    if (!lookup.mapped || lookup.notAnOp)
        return {};
    return lookup.irTypes;
}

} // namespace

std::optional<IrNameHint> irTypesForName(std::string_view name, const OpLibrary *library)
{
    if (name.empty())
        return std::nullopt;
    if (library && library->find(name))
        return std::nullopt;
    if (!library && name.find('.') == std::string_view::npos
        && !std::islower(static_cast<unsigned char>(name.front())))
        return std::nullopt; // could be an IR type: nothing to check it against
    const OpMap &maps = OpMap::defaults();
    const std::pair<NameOrigin, std::vector<std::string>> sources[] = {
        {NameOrigin::Onnx, mapped(maps.lookupOnnx({}, name, -1), name)},
        {NameOrigin::TensorFlow, mapped(maps.lookupTensorFlow(name), name)},
        {NameOrigin::FrameworkApi, frameworkApiTypes(name)},
    };
    for (const auto &[origin, types] : sources) {
        IrNameHint hint {origin, {}};
        for (const std::string &type : types)
            if (!library || library->find(type))
                addUnique(hint.irTypes, type);
        if (!hint.irTypes.empty())
            return hint;
    }
    return std::nullopt;
}

bool isDocumentationPlaceholder(std::string_view name)
{
    return name == "Bias" || name == "Yolo" || name == "Xlog1py";
}

bool isDocumentationSampleEntry(std::string_view name)
{
    static constexpr std::array<std::string_view, 5> sample {"Xlog1py", "Matmul", "Cast", "Conv2D",
                                                             "Bias"};
    return std::find(sample.begin(), sample.end(), name) != sample.end();
}

} // namespace opsinfo
