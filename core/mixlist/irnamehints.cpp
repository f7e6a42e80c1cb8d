#include "mixlist/irnamehints.h"

#include "graph/frameworkapimap.h"
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
        {NameOrigin::FrameworkApi, FrameworkApiMap::defaults().lookup(name)},
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
